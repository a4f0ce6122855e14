import DataLoader from 'dataloader';
import type { Database } from '@portal/db';
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
  listCustomers,
  listEmployees,
  listTickets,
  type BankAccountRow,
  type CustomerRow,
  type EmployeeRow,
  type LoanRow,
  type MessageRow,
  type Page,
  type PaymentRow,
  type SelectLists,
  type TicketRow,
} from './repository.ts';

// One set per request (never shared between employees): every id asked for while a level of the
// query resolves is read in one statement, and a row asked for twice is read once. The reads
// select what this request's operation asks of each type (lists).
export type Loaders = ReturnType<typeof createLoaders>;

export function createLoaders(db: Database, lists: SelectLists) {
  const loaders = {
    customer: byId<CustomerRow>((ids) => findCustomersByIds(db, lists, ids)),
    loan: byId<LoanRow>((ids) => findLoansByIds(db, lists, ids)),
    payment: byId<PaymentRow>((ids) => findPaymentsByIds(db, lists, ids)),
    ticket: byId<TicketRow>((ids) => findTicketsByIds(db, lists, ids)),
    employee: byId<EmployeeRow>((ids) => findEmployeesByIds(db, lists, ids)),
    loansOfCustomer: grouped<LoanRow>(
      (ids) => findLoansByCustomerIds(db, lists, ids),
      (loan) => loan.customer_id,
    ),
    paymentsOfLoan: grouped<PaymentRow>(
      (ids) => findPaymentsByLoanIds(db, lists, ids),
      (payment) => payment.loan_id,
    ),
    ticketsOfCustomer: grouped<TicketRow>(
      (ids) => findTicketsByCustomerIds(db, lists, ids),
      (ticket) => ticket.customer_id ?? 0,
    ),
    messagesOfTicket: grouped<MessageRow>(
      (ids) => findMessagesByTicketIds(db, lists, ids),
      (message) => message.ticket_id ?? 0,
    ),
    bankAccountsOfCustomer: grouped<BankAccountRow>(
      (ids) => findBankAccountsByCustomerIds(db, lists, ids),
      (account) => account.customer_id,
    ),
  };
  return {
    ...loaders,
    // A page of a list; its rows are then known to the by-id loader too.
    customersPage: async (page: Page) => primed(loaders.customer, await listCustomers(db, lists, page)),
    ticketsPage: async (page: Page) => primed(loaders.ticket, await listTickets(db, lists, page)),
    employees: () => listEmployees(db, lists),
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

function primed<Row extends { id: number }>(loader: DataLoader<number, Row | null>, rows: Row[]): Row[] {
  for (const row of rows) loader.prime(row.id, row);
  return rows;
}
