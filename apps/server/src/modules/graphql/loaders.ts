import DataLoader from 'dataloader';
import type { Executor } from '@portal/db';
import {
  findBankAccountsByCustomerIds,
  findCustomersByIds,
  findEmployeesByIds,
  findLoansByCustomerIds,
  findLoansByIds,
  findMessagesByTicketIds,
  findPaymentsByIds,
  findPaymentsByLoanIds,
  findTicketsByCustomerIds,
  findTicketsByIds,
  type BankAccountRow,
  type CustomerRow,
  type EmployeeRow,
  type LoanRow,
  type MessageRow,
  type PaymentRow,
  type TicketRow,
} from './repository.ts';

// One set per request (never shared between employees): every id asked for while a level of the
// query resolves is read in one statement, and a row asked for twice is read once.
export type Loaders = ReturnType<typeof createLoaders>;

export function createLoaders(db: Executor) {
  return {
    customer: byId<CustomerRow>((ids) => findCustomersByIds(db, ids)),
    loan: byId<LoanRow>((ids) => findLoansByIds(db, ids)),
    payment: byId<PaymentRow>((ids) => findPaymentsByIds(db, ids)),
    ticket: byId<TicketRow>((ids) => findTicketsByIds(db, ids)),
    employee: byId<EmployeeRow>((ids) => findEmployeesByIds(db, ids)),
    loansOfCustomer: grouped<LoanRow>(
      (ids) => findLoansByCustomerIds(db, ids),
      (loan) => loan.customerId,
    ),
    paymentsOfLoan: grouped<PaymentRow>(
      (ids) => findPaymentsByLoanIds(db, ids),
      (payment) => payment.loanId,
    ),
    ticketsOfCustomer: grouped<TicketRow>(
      (ids) => findTicketsByCustomerIds(db, ids),
      (ticket) => ticket.customerId ?? 0,
    ),
    messagesOfTicket: grouped<MessageRow>(
      (ids) => findMessagesByTicketIds(db, ids),
      (message) => message.ticketId ?? 0,
    ),
    bankAccountsOfCustomer: grouped<BankAccountRow>(
      (ids) => findBankAccountsByCustomerIds(db, ids),
      (account) => account.customerId,
    ),
  };
}

// Rows by their id; an id with no row answers null.
function byId<Row extends { id: number }>(load: (ids: readonly number[]) => Promise<Row[]>) {
  return new DataLoader<number, Row | null>(async (ids) => {
    const rows = new Map((await load(ids)).map((row) => [row.id, row]));
    return ids.map((id) => rows.get(id) ?? null);
  });
}

// The rows belonging to each key (a customer's loans, a loan's payments), in the query's order.
function grouped<Row>(load: (keys: readonly number[]) => Promise<Row[]>, keyOf: (row: Row) => number) {
  return new DataLoader<number, Row[]>(async (keys) => {
    const groups = new Map<number, Row[]>(keys.map((key) => [key, []]));
    for (const row of await load(keys)) groups.get(keyOf(row))?.push(row);
    return keys.map((key) => groups.get(key) ?? []);
  });
}
