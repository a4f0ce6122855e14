import { sql, type Column, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { bankAccounts, customers, employees, loans, messages, payments, tickets, type Database } from '@portal/db';
import type { AskedFields } from './selection.ts';

// The GraphQL layer's reads (decision 033), made for answering many rows cheaply:
// - Each batched read takes all the ids DataLoader hands it as one array parameter
//   (`= any($1::bigint[])`), so its text is the same for any batch size, and a list of customers
//   with their loans and payments is one statement per level, not one per row.
// - Only what the query asks is selected (selectLists: the fields the operation names, and the
//   columns its computed fields read), named as the wire names it, so most fields need no
//   resolver. Secrets are never selected: no SSN seal or hash, no password hash, MFA secret or
//   raw message.
// - The rows are the driver's own (no per-value mapping by the query builder, which cost more than
//   the driver's parsing): ids are cast to int (GraphQL's Int; our identities stay far below 2^31)
//   and timestamps are ISO 8601 UTC text written by PostgreSQL, so no Date is made per value.

type Field = SQL | AnyPgColumn;
type Fields = Record<string, Field>;
type ValueOf<F extends Field> =
  F extends SQL<infer T>
    ? T
    : F extends Column
      ? F['_']['notNull'] extends true
        ? F['_']['data']
        : F['_']['data'] | null
      : never;
export type RowOf<F extends Fields> = { [Key in keyof F]: ValueOf<F[Key]> };

// Columns the drivers (node-postgres and PGlite, as Drizzle sets them up) answer with the value
// Drizzle's type says; anything else (bigint, timestamp) goes through an SQL expression.
const RAW_COLUMN_TYPES = new Set(['PgText', 'PgInteger', 'PgSmallInt', 'PgBoolean', 'PgDateString']);

function selectList(fields: Fields): SQL {
  return sql.join(
    Object.entries(fields).map(([key, field]) => {
      if ('columnType' in field && !RAW_COLUMN_TYPES.has(field.columnType))
        throw new Error(`graphql repository: read ${key} (${field.columnType}) through an SQL expression`);
      return sql`${field} as ${sql.identifier(key)}`;
    }),
    sql`, `,
  );
}

// Date.toISOString's format (milliseconds, Z), from a timestamptz.
function isoText<Column extends AnyPgColumn>(column: Column) {
  return sql<
    Column['_']['notNull'] extends true ? string : string | null
  >`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

function intId<Column extends AnyPgColumn>(column: Column) {
  return sql<Column['_']['notNull'] extends true ? number : number | null>`${column}::int`;
}

const customerFields = {
  id: intId(customers.id),
  first_name: customers.firstName,
  middle_initial: customers.middleInitial,
  last_name: customers.lastName,
  email: customers.email,
  phone_number: customers.phoneNumber,
  birthday: customers.birthday,
  ssn_last_four: customers.ssnLast4,
  verified: customers.verified,
  dnc: customers.dnc,
  dnl: customers.dnl,
  dnp: customers.dnp,
  street: customers.street,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
  cycle: customers.cycle,
  user_credit_cents: customers.userCreditCents,
  created_at: isoText(customers.createdAt),
};

const bankAccountFields = {
  id: intId(bankAccounts.id),
  customer_id: intId(bankAccounts.customerId),
  account_last_four: bankAccounts.accountLast4,
  // Sealed (decision 070): opened for routing_number, and for account_number only for employees
  // allowed to see it (resolvers.ts).
  numbers_sealed: bankAccounts.numbersSealed,
  dnp: bankAccounts.dnp,
  added_at: isoText(bankAccounts.addedAt),
};

const loanFields = {
  id: intId(loans.id),
  customer_id: intId(loans.customerId),
  type: loans.type,
  applied_at: isoText(loans.appliedAt),
  approved_at: isoText(loans.approvedAt),
  accepted_at: isoText(loans.acceptedAt),
  funded_at: isoText(loans.fundedAt),
  funding_returned_at: isoText(loans.fundingReturnedAt),
  denied_at: isoText(loans.deniedAt),
  deny_reason: loans.denyReason,
  closed_at: isoText(loans.closedAt),
  paid_off_at: isoText(loans.paidOffAt),
  maturity: loans.maturity,
  applied_amount_cents: loans.appliedAmountCents,
  approved_amount_cents: loans.approvedAmountCents,
  cash_advanced_cents: loans.cashAdvancedCents,
  installment_count: loans.installmentCount,
  apr_basis_points: loans.aprBasisPoints,
  auto_debit: loans.autoDebit,
  funding_method: loans.fundingMethod,
  amount_credited_cents: loans.amountCreditedCents,
  settlement_min_cents: loans.settlementMinCents,
};

const paymentFields = {
  id: intId(payments.id),
  loan_id: intId(payments.loanId),
  type: payments.type,
  expected_amount_cents: payments.expectedAmountCents,
  due: payments.due,
  original_due: payments.originalDue,
  method: payments.method,
  paid_at: isoText(payments.paidAt),
  processing_at: isoText(payments.processingAt),
  invalid_at: isoText(payments.invalidAt),
  bounce_fee_cents: payments.bounceFeeCents,
  user_initiated: payments.userInitiated,
  refundable: payments.refundable,
  refunded_at: isoText(payments.refundedAt),
};

const ticketFields = {
  id: intId(tickets.id),
  customer_id: intId(tickets.customerId),
  channel: tickets.channel,
  contact: tickets.contact,
  subject: tickets.subject,
  state: tickets.state,
  archived_at: isoText(tickets.archivedAt),
  escalated_at: isoText(tickets.escalatedAt),
  // Ticket.assigned_to answers the employee (resolvers.ts).
  assigned_to_id: tickets.assignedTo,
  closed_at: isoText(tickets.closedAt),
  created_at: isoText(tickets.createdAt),
};

const messageFields = {
  id: intId(messages.id),
  ticket_id: intId(messages.ticketId),
  customer_id: intId(messages.customerId),
  type: messages.type,
  inbound: messages.inbound,
  subject: messages.subject,
  body: messages.body,
  from_address: messages.fromAddress,
  to_address: messages.toAddress,
  status: messages.status,
  created_at: isoText(messages.createdAt),
  // Message.employee answers the employee (resolvers.ts).
  employee_id: messages.employeeId,
};

const employeeFields = {
  id: employees.id,
  name: employees.name,
  email: employees.email,
  clearance: employees.clearance,
  online: employees.online,
  active: employees.active,
  created_at: isoText(employees.createdAt),
};

export type CustomerRow = RowOf<typeof customerFields>;
export type BankAccountRow = RowOf<typeof bankAccountFields>;
export type LoanRow = RowOf<typeof loanFields>;
export type PaymentRow = RowOf<typeof paymentFields>;
export type TicketRow = RowOf<typeof ticketFields>;
export type MessageRow = RowOf<typeof messageFields>;
export type EmployeeRow = RowOf<typeof employeeFields>;

// What each GraphQL object type can read, by the type's name in type-defs.ts.
const typeFields = {
  Customer: customerFields,
  BankAccount: bankAccountFields,
  Loan: loanFields,
  Payment: paymentFields,
  Ticket: ticketFields,
  Message: messageFields,
  Employee: employeeFields,
};
type TypeName = keyof typeof typeFields;
type KeysOf<Type extends TypeName> = readonly (keyof (typeof typeFields)[Type])[];

// Read whatever the query asks: the ids and the keys the loaders group rows by (loaders.ts).
const alwaysRead: { [Type in TypeName]: KeysOf<Type> } = {
  Customer: ['id'],
  BankAccount: ['id', 'customer_id'],
  Loan: ['id', 'customer_id'],
  Payment: ['id', 'loan_id'],
  Ticket: ['id', 'customer_id'],
  Message: ['id', 'ticket_id'],
  Employee: ['id'],
};

// The row keys a field with a resolver reads (resolvers.ts): a resolver reading anything else
// than its own name, the id and the keys above must say so here, or it reads undefined.
const readsOf: { [Type in TypeName]?: Partial<Record<string, KeysOf<Type>>> } = {
  BankAccount: { account_number: ['numbers_sealed'], routing_number: ['numbers_sealed'] },
  Loan: { status: ['approved_at', 'accepted_at', 'funded_at', 'denied_at', 'closed_at', 'paid_off_at'] },
  Payment: { state: ['paid_at', 'processing_at', 'invalid_at'] },
  Ticket: { assigned_to: ['assigned_to_id'] },
  Message: { employee: ['employee_id'] },
};

// The select list of each type for one operation (worked out once per operation, routes.ts).
export type SelectLists = Readonly<Record<TypeName, SQL>>;

export function selectLists(asked: AskedFields): SelectLists {
  const lists = {} as Record<TypeName, SQL>;
  for (const type of Object.keys(typeFields) as TypeName[]) {
    const fields: Fields = typeFields[type];
    const reads = readsOf[type] as Partial<Record<string, readonly string[]>> | undefined;
    const wanted = new Set<string>(alwaysRead[type] as readonly string[]);
    for (const field of asked.get(type) ?? []) {
      if (Object.hasOwn(fields, field)) wanted.add(field);
      for (const key of reads?.[field] ?? []) wanted.add(key);
    }
    // In the field map's order: one query always makes the same statement text.
    lists[type] = selectList(Object.fromEntries(Object.entries(fields).filter(([key]) => wanted.has(key))));
  }
  return lists;
}

// Raw statements answer the driver's rows (node-postgres and PGlite alike: { rows }). A row holds
// the keys its select list names: what the operation asked of its type.
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const idArray = (ids: readonly number[]) => sql`${sql.param(ids)}::bigint[]`;

// A page of a list in id order: after an id (keyset: an index range scan however deep), or after
// skipping `offset` rows (which reads every skipped index entry). `after` is MIN_AFTER for the first page.
export type Page = { limit: number; offset: number; after: number };
export const MIN_AFTER = Number.MIN_SAFE_INTEGER;

// The page's ids are read from the primary key alone (an index-only scan: an offset skips index
// entries, not rows whose columns would be read and formatted), then those rows by id.
function pageWhere(table: PgTable, id: AnyPgColumn, page: Page): SQL {
  return sql`${id} = any(array(select paged.id from ${table} as paged
    where paged.id > ${page.after} order by paged.id limit ${page.limit} offset ${page.offset}))`;
}

export function findCustomersByIds(db: Database, lists: SelectLists, ids: readonly number[]) {
  return rowsOf<CustomerRow>(
    db,
    sql`select ${lists.Customer} from ${customers} where ${customers.id} = any(${idArray(ids)})`,
  );
}

export function listCustomers(db: Database, lists: SelectLists, page: Page) {
  return rowsOf<CustomerRow>(
    db,
    sql`select ${lists.Customer} from ${customers} where ${pageWhere(customers, customers.id, page)} order by ${customers.id}`,
  );
}

export function findLoansByIds(db: Database, lists: SelectLists, ids: readonly number[]) {
  return rowsOf<LoanRow>(db, sql`select ${lists.Loan} from ${loans} where ${loans.id} = any(${idArray(ids)})`);
}

export function findLoansByCustomerIds(db: Database, lists: SelectLists, customerIds: readonly number[]) {
  return rowsOf<LoanRow>(
    db,
    sql`select ${lists.Loan} from ${loans} where ${loans.customerId} = any(${idArray(customerIds)}) order by ${loans.id}`,
  );
}

export function findPaymentsByIds(db: Database, lists: SelectLists, ids: readonly number[]) {
  return rowsOf<PaymentRow>(
    db,
    sql`select ${lists.Payment} from ${payments} where ${payments.id} = any(${idArray(ids)})`,
  );
}

export function findPaymentsByLoanIds(db: Database, lists: SelectLists, loanIds: readonly number[]) {
  return rowsOf<PaymentRow>(
    db,
    sql`select ${lists.Payment} from ${payments} where ${payments.loanId} = any(${idArray(loanIds)})
      order by ${payments.due}, ${payments.id}`,
  );
}

export function findTicketsByIds(db: Database, lists: SelectLists, ids: readonly number[]) {
  return rowsOf<TicketRow>(db, sql`select ${lists.Ticket} from ${tickets} where ${tickets.id} = any(${idArray(ids)})`);
}

export function findTicketsByCustomerIds(db: Database, lists: SelectLists, customerIds: readonly number[]) {
  return rowsOf<TicketRow>(
    db,
    sql`select ${lists.Ticket} from ${tickets} where ${tickets.customerId} = any(${idArray(customerIds)})
      order by ${tickets.id}`,
  );
}

export function listTickets(db: Database, lists: SelectLists, page: Page) {
  return rowsOf<TicketRow>(
    db,
    sql`select ${lists.Ticket} from ${tickets} where ${pageWhere(tickets, tickets.id, page)} order by ${tickets.id}`,
  );
}

export function findMessagesByTicketIds(db: Database, lists: SelectLists, ticketIds: readonly number[]) {
  return rowsOf<MessageRow>(
    db,
    sql`select ${lists.Message} from ${messages} where ${messages.ticketId} = any(${idArray(ticketIds)})
      order by ${messages.createdAt}, ${messages.id}`,
  );
}

export function findEmployeesByIds(db: Database, lists: SelectLists, ids: readonly number[]) {
  return rowsOf<EmployeeRow>(
    db,
    sql`select ${lists.Employee} from ${employees} where ${employees.id} = any(${sql.param(ids)}::int[])`,
  );
}

export function listEmployees(db: Database, lists: SelectLists) {
  return rowsOf<EmployeeRow>(db, sql`select ${lists.Employee} from ${employees} order by ${employees.id}`);
}

export function findBankAccountsByCustomerIds(db: Database, lists: SelectLists, customerIds: readonly number[]) {
  return rowsOf<BankAccountRow>(
    db,
    sql`select ${lists.BankAccount} from ${bankAccounts} where ${bankAccounts.customerId} = any(${idArray(customerIds)})
      order by ${bankAccounts.addedAt}, ${bankAccounts.id}`,
  );
}
