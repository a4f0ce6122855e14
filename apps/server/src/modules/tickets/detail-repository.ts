import { eq, sql, type SQL } from 'drizzle-orm';
import {
  customers,
  jsonObject,
  jsonObjectDecoder,
  messages,
  tickets,
  type Database,
  type JsonObjectRow,
} from '@portal/db';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import {
  customerCardFields,
  customerCommentsJson,
  customerEmailsOf,
  decodeCustomerComments,
  latestBankJoin,
  latestCardJoin,
  type CommentRow,
} from '../customers/index.ts';
import { customerLoansJson, decodeCustomerLoans, type LoanJsonRow } from '../loans/index.ts';
import { employeeNameOf } from '../session/index.ts';
import { slaColumns } from './repository.ts';

// The reads behind GET ticket, prepared because every employee opens tickets all day
// (platform/prepared.ts). The whole ticket is one statement: the ticket and customer row, with the
// thread, the customer's messages, comments and loans (with payments and bounces) nested as JSON,
// so one round trip answers it whatever the number of loans and payments (decision 013). The
// loans are mapped to the wire by the loans module (toLoanInfo).

export const CUSTOMER_MESSAGES_PER_CHANNEL = 100;

const messageColumns = {
  id: messages.id,
  ticketId: messages.ticketId,
  type: messages.type,
  inbound: messages.inbound,
  subject: messages.subject,
  body: messages.body,
  createdAt: messages.createdAt,
  processed: messages.processed,
  status: messages.status,
  error: messages.error,
  attempts: messages.attempts,
  autoResponse: messages.autoResponse,
  heldUntil: messages.heldUntil,
};
export type ThreadRow = { message: JsonObjectRow<typeof messageColumns>; employeeName: string | null };
export type LoanRow = LoanJsonRow;
export type LoanWithPayments = ReturnType<typeof decodeCustomerLoans>[number];

const emptyArray = sql`'[]'::json`;
const withAuthor = sql`json_build_object('message', ${jsonObject(messageColumns)}, 'employeeName', ${employeeNameOf(messages.employeeId)})`;

// The ticket's own messages, oldest first, with the replying employee's name.
const threadJson = sql`(select coalesce(json_agg(${withAuthor} order by ${messages.createdAt}, ${messages.id}), ${emptyArray})
  from ${messages} where ${messages.ticketId} = ${tickets.id})`;

// The newest 100 texts and 100 emails of the customer across tickets, both directions, oldest
// first. Each channel is its own index scan; the union is named "messages" so the columns above
// read from it.
const newestOfChannel = (
  type: 'text' | 'email',
) => sql`(select ${sql.join([...Object.values(messageColumns), messages.employeeId], sql`, `)}
  from ${messages} where ${messages.customerId} = ${customers.id} and ${messages.type} = ${sql.raw(`'${type}'`)}
  order by ${messages.createdAt} desc, ${messages.id} desc limit ${sql.raw(String(CUSTOMER_MESSAGES_PER_CHANNEL))})`;
const customerMessagesJson = sql`(select coalesce(json_agg(${withAuthor} order by ${messages.createdAt}, ${messages.id}), ${emptyArray})
  from (${newestOfChannel('text')} union all ${newestOfChannel('email')}) as ${messages})`;

type JsonList = Array<Record<string, unknown>>;
const decodeMessage = jsonObjectDecoder(messageColumns);

const decodeMessages = (list: JsonList): ThreadRow[] =>
  list.map((row) => ({
    message: decodeMessage(row.message as Record<string, unknown>),
    employeeName: row.employeeName as string | null,
  }));

// The ticket with the names of its lease holder and escalator, and its customer (if linked) with
// the newest bank account and card, every address, and whether any bank account or card may be
// charged (not marked do-not-pay); `extra` adds fields over the same rows.
function selectTicketView<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, extra: Extra) {
  return db
    .select({
      ticket: tickets,
      holderName: employeeNameOf(tickets.assignedTo),
      escalatedByName: employeeNameOf(tickets.escalatedBy),
      snoozedByName: employeeNameOf(tickets.snoozedBy),
      slaTargetSeconds: slaColumns.slaTargetSeconds,
      customer: customers,
      ...customerCardFields,
      emails: customerEmailsOf(customers.id),
      ...extra,
    })
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(...latestBankJoin)
    .leftJoin(...latestCardJoin)
    .where(eq(tickets.id, sql.placeholder('ticketId')));
}

const ticketViewStatement = preparedPerDatabase((db) => selectTicketView(db, {}).prepare('tickets_view'));

// The ticket and customer row alone: the lease check, GET user_info and GET loan_info start here.
export async function findTicketView(db: Database, ticketId: number) {
  const [row] = await ticketViewStatement(db).execute({ ticketId });
  return row;
}

export type TicketViewRow = NonNullable<Awaited<ReturnType<typeof findTicketView>>>;
export type CustomerProfileRow = Omit<
  TicketViewRow,
  'ticket' | 'holderName' | 'escalatedByName' | 'snoozedByName' | 'slaTargetSeconds' | 'customer'
> & {
  customer: NonNullable<TicketViewRow['customer']>;
};

const ticketDetailStatement = preparedPerDatabase((db) =>
  selectTicketView(db, {
    thread: sql<JsonList>`${threadJson}`,
    customerMessages: sql<JsonList>`${customerMessagesJson}`,
    comments: customerCommentsJson,
    loans: customerLoansJson(customers.id),
  }).prepare('tickets_detail'),
);

// Everything GET ticket shows, in one round trip. An unlinked ticket has no customer, so its
// customer messages, comments and loans are empty.
export async function findTicketDetail(db: Database, ticketId: number) {
  const [row] = await ticketDetailStatement(db).execute({ ticketId });
  if (!row) return undefined;
  const { thread, customerMessages, comments, loans: loanList, ...view } = row;
  return {
    view: view satisfies TicketViewRow,
    thread: decodeMessages(thread),
    customerMessages: decodeMessages(customerMessages),
    comments: decodeCustomerComments(comments),
    loans: decodeCustomerLoans(loanList),
  };
}

// One of the fragments above for a customer alone, prepared under its own name.
function customerFragmentStatement(name: string, fragment: SQL) {
  return preparedPerDatabase((db) =>
    db
      .select({ value: sql<JsonList>`${fragment}` })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('customerId')))
      .prepare(name),
  );
}

const customerCommentsStatement = customerFragmentStatement('tickets_customer_comments', customerCommentsJson);
const customerLoansStatement = customerFragmentStatement('tickets_customer_loans', customerLoansJson(customers.id));

export async function findCustomerComments(db: Database, customerId: number): Promise<CommentRow[]> {
  const [row] = await customerCommentsStatement(db).execute({ customerId });
  return decodeCustomerComments(row?.value ?? []);
}

export async function findCustomerLoans(db: Database, customerId: number): Promise<LoanWithPayments[]> {
  const [row] = await customerLoansStatement(db).execute({ customerId });
  return decodeCustomerLoans(row?.value ?? []);
}
