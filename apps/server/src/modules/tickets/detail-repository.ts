import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bankAccounts,
  bounces,
  customerComments,
  customerEmails,
  customers,
  debitCards,
  employees,
  loans,
  messages,
  payments,
  tickets,
  type Database,
} from '@portal/db';
import { preparedPerDatabase } from './prepared.ts';

// The queries behind GET ticket: a fixed handful whatever the number of loans and payments,
// prepared because every employee opens tickets all day (prepared.ts).

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
};

const threadStatement = preparedPerDatabase((db) =>
  db
    .select({ message: messageColumns, employeeName: employees.name })
    .from(messages)
    .leftJoin(employees, eq(employees.id, messages.employeeId))
    .where(eq(messages.ticketId, sql.placeholder('ticketId')))
    .orderBy(messages.createdAt, messages.id)
    .prepare('tickets_thread'),
);

export async function findThread(db: Database, ticketId: number) {
  return threadStatement(db).execute({ ticketId });
}

export type ThreadRow = Awaited<ReturnType<typeof findThread>>[number];

// The newest 100 texts and 100 emails of the customer across tickets, both directions, oldest first.
const customerMessagesStatement = preparedPerDatabase((db) => {
  const ranked = db
    .select({
      id: messages.id,
      rank: sql<number>`row_number() over (partition by ${messages.type} order by ${messages.createdAt} desc, ${messages.id} desc)`.as('rank'),
    })
    .from(messages)
    .where(and(eq(messages.customerId, sql.placeholder('customerId')), inArray(messages.type, ['text', 'email'])))
    .as('ranked');
  return db
    .select({ message: messageColumns, employeeName: employees.name })
    .from(ranked)
    .innerJoin(messages, eq(messages.id, ranked.id))
    .leftJoin(employees, eq(employees.id, messages.employeeId))
    .where(lte(ranked.rank, CUSTOMER_MESSAGES_PER_CHANNEL))
    .orderBy(messages.createdAt, messages.id)
    .prepare('tickets_customer_messages');
});

export async function findCustomerMessages(db: Database, customerId: number): Promise<ThreadRow[]> {
  return customerMessagesStatement(db).execute({ customerId });
}

const latestBank = alias(bankAccounts, 'latest_bank');
const latestCard = alias(debitCards, 'latest_card');
const holder = alias(employees, 'holder');
const escalator = alias(employees, 'escalator');

// The ticket with the names of its lease holder and escalator, and its customer (if linked) with
// the newest bank account and card, every address, and whether any bank account or card may be
// charged (not marked do-not-pay): the first read of GET ticket, in one round trip.
const ticketViewStatement = preparedPerDatabase((db) =>
  db
    .select({
      ticket: tickets,
      holderName: holder.name,
      escalatedByName: escalator.name,
      customer: customers,
      bankAccountNumber: latestBank.accountNumber,
      bankRoutingNumber: latestBank.routingNumber,
      bankDnp: latestBank.dnp,
      bankAddedAt: latestBank.addedAt,
      cardLastFour: latestCard.lastFour,
      cardDnp: latestCard.dnp,
      cardAddedAt: latestCard.addedAt,
      emails: sql<string[]>`array(select e.email from ${customerEmails} e where e.customer_id = ${customers.id} order by e.added_at, e.id)`,
      chargeableBank: sql<boolean>`exists(select 1 from ${bankAccounts} b where b.customer_id = ${customers.id} and not b.dnp)`,
      chargeableCard: sql<boolean>`exists(select 1 from ${debitCards} d where d.customer_id = ${customers.id} and not d.dnp)`,
    })
    .from(tickets)
    .leftJoin(holder, eq(holder.id, tickets.assignedTo))
    .leftJoin(escalator, eq(escalator.id, tickets.escalatedBy))
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(
      latestBank,
      eq(latestBank.id, sql`(select b.id from ${bankAccounts} b where b.customer_id = ${customers.id} order by b.added_at desc, b.id desc limit 1)`),
    )
    .leftJoin(
      latestCard,
      eq(latestCard.id, sql`(select d.id from ${debitCards} d where d.customer_id = ${customers.id} order by d.added_at desc, d.id desc limit 1)`),
    )
    .where(eq(tickets.id, sql.placeholder('ticketId')))
    .prepare('tickets_view'),
);

export async function findTicketView(db: Database, ticketId: number) {
  const [row] = await ticketViewStatement(db).execute({ ticketId });
  return row;
}

export type TicketViewRow = NonNullable<Awaited<ReturnType<typeof findTicketView>>>;
export type CustomerProfileRow = Omit<TicketViewRow, 'ticket' | 'holderName' | 'escalatedByName' | 'customer'> & {
  customer: NonNullable<TicketViewRow['customer']>;
};

const commentsStatement = preparedPerDatabase((db) =>
  db
    .select({ id: customerComments.id, body: customerComments.body, createdAt: customerComments.createdAt, employeeName: employees.name })
    .from(customerComments)
    .leftJoin(employees, eq(employees.id, customerComments.employeeId))
    .where(eq(customerComments.customerId, sql.placeholder('customerId')))
    .orderBy(desc(customerComments.createdAt), desc(customerComments.id))
    .prepare('tickets_customer_comments'),
);

export async function findCustomerComments(db: Database, customerId: number) {
  return commentsStatement(db).execute({ customerId });
}

export type CommentRow = Awaited<ReturnType<typeof findCustomerComments>>[number];

// Every loan of the customer with its payments and their bounces: one row per loan, payment and
// bounce, loans in application order and payments by due date.
const loansStatement = preparedPerDatabase((db) =>
  db
    .select({ loan: loans, payment: payments, bounce: bounces })
    .from(loans)
    .leftJoin(payments, eq(payments.loanId, loans.id))
    .leftJoin(bounces, eq(bounces.paymentId, payments.id))
    .where(eq(loans.customerId, sql.placeholder('customerId')))
    .orderBy(loans.appliedAt, loans.id, payments.due, payments.id, bounces.bouncedOn, bounces.id)
    .prepare('tickets_customer_loans'),
);

export async function findLoansWithPayments(db: Database, customerId: number) {
  return loansStatement(db).execute({ customerId });
}

export type LoanPaymentRow = Awaited<ReturnType<typeof findLoansWithPayments>>[number];
export type LoanRow = LoanPaymentRow['loan'];
