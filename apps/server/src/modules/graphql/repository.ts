import { asc, getTableColumns, inArray } from 'drizzle-orm';
import { bankAccounts, customers, employees, loans, messages, payments, tickets, type Executor } from '@portal/db';

// The GraphQL layer's reads: each takes a batch of ids (DataLoader hands them over together), so a
// list of customers with their loans and payments is one statement per level, not one per row.
// Secrets are never selected: no SSN seal or hash, no password hash, MFA secret or raw message.

const { ssnSealed: _sealed, ssnHash: _hash, ...customerColumns } = getTableColumns(customers);
const employeeColumns = {
  id: employees.id,
  name: employees.name,
  email: employees.email,
  clearance: employees.clearance,
  online: employees.online,
  active: employees.active,
  createdAt: employees.createdAt,
};
const { raw: _raw, ...messageColumns } = getTableColumns(messages);

export type CustomerRow = Awaited<ReturnType<typeof findCustomersByIds>>[number];
export type LoanRow = typeof loans.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = Awaited<ReturnType<typeof findMessagesByTicketIds>>[number];
export type EmployeeRow = Awaited<ReturnType<typeof findEmployeesByIds>>[number];
export type BankAccountRow = typeof bankAccounts.$inferSelect;

export type Page = { limit: number; offset: number };

export function findCustomersByIds(db: Executor, ids: readonly number[]) {
  return db
    .select(customerColumns)
    .from(customers)
    .where(inArray(customers.id, [...ids]));
}

export function listCustomers(db: Executor, page: Page) {
  return db.select(customerColumns).from(customers).orderBy(asc(customers.id)).limit(page.limit).offset(page.offset);
}

export function findLoansByIds(db: Executor, ids: readonly number[]) {
  return db
    .select()
    .from(loans)
    .where(inArray(loans.id, [...ids]));
}

export function findLoansByCustomerIds(db: Executor, customerIds: readonly number[]) {
  return db
    .select()
    .from(loans)
    .where(inArray(loans.customerId, [...customerIds]))
    .orderBy(asc(loans.id));
}

export function findPaymentsByIds(db: Executor, ids: readonly number[]) {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.id, [...ids]));
}

export function findPaymentsByLoanIds(db: Executor, loanIds: readonly number[]) {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.loanId, [...loanIds]))
    .orderBy(asc(payments.due), asc(payments.id));
}

export function findTicketsByIds(db: Executor, ids: readonly number[]) {
  return db
    .select()
    .from(tickets)
    .where(inArray(tickets.id, [...ids]));
}

export function findTicketsByCustomerIds(db: Executor, customerIds: readonly number[]) {
  return db
    .select()
    .from(tickets)
    .where(inArray(tickets.customerId, [...customerIds]))
    .orderBy(asc(tickets.id));
}

export function listTickets(db: Executor, page: Page) {
  return db.select().from(tickets).orderBy(asc(tickets.id)).limit(page.limit).offset(page.offset);
}

export function findMessagesByTicketIds(db: Executor, ticketIds: readonly number[]) {
  return db
    .select(messageColumns)
    .from(messages)
    .where(inArray(messages.ticketId, [...ticketIds]))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export function findEmployeesByIds(db: Executor, ids: readonly number[]) {
  return db
    .select(employeeColumns)
    .from(employees)
    .where(inArray(employees.id, [...ids]));
}

export function listEmployees(db: Executor) {
  return db.select(employeeColumns).from(employees).orderBy(asc(employees.id));
}

export function findBankAccountsByCustomerIds(db: Executor, customerIds: readonly number[]) {
  return db
    .select()
    .from(bankAccounts)
    .where(inArray(bankAccounts.customerId, [...customerIds]))
    .orderBy(asc(bankAccounts.addedAt), asc(bankAccounts.id));
}
