import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { bounces, loans, payments, tickets, type Executor } from '@portal/db';

export type LoanRecord = typeof loans.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;

export async function findLoan(db: Executor, id: number): Promise<LoanRecord | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.id, id));
  return loan;
}

// Locked until the transaction ends, so two changes to one loan apply one after the other.
export async function lockLoan(db: Executor, id: number): Promise<LoanRecord | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.id, id)).for('update');
  return loan;
}

export async function updateLoan(
  db: Executor,
  id: number,
  values: Partial<typeof loans.$inferInsert>,
): Promise<LoanRecord> {
  // Every change raises the version, so a change made from a screen that saw an older one is refused.
  const [loan] = await db
    .update(loans)
    .set({ ...values, lockVersion: sql`${loans.lockVersion} + 1` })
    .where(eq(loans.id, id))
    .returning();
  if (!loan) throw new Error(`updateLoan: loan ${id} vanished`);
  return loan;
}

export async function findPayment(db: Executor, id: number): Promise<PaymentRecord | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  return payment;
}

export async function loanPayments(db: Executor, loanId: number): Promise<PaymentRecord[]> {
  return db.select().from(payments).where(eq(payments.loanId, loanId)).orderBy(asc(payments.due), asc(payments.id));
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRecord> {
  const [payment] = await db.insert(payments).values(values).returning();
  if (!payment) throw new Error('insertPayment: insert returned nothing');
  return payment;
}

export async function updatePayment(
  db: Executor,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRecord> {
  const [payment] = await db
    .update(payments)
    .set({ ...values, lockVersion: sql`${payments.lockVersion} + 1` })
    .where(eq(payments.id, id))
    .returning();
  if (!payment) throw new Error(`updatePayment: payment ${id} vanished`);
  return payment;
}

export async function waiveBounceFees(db: Executor, paymentId: number): Promise<number> {
  const waived = await db
    .update(bounces)
    .set({ feeWaived: true })
    .where(and(eq(bounces.paymentId, paymentId), eq(bounces.feeWaived, false)))
    .returning({ id: bounces.id });
  return waived.length;
}

export async function findLatestLoanOfCustomer(db: Executor, customerId: number): Promise<LoanRecord | undefined> {
  const [loan] = await db
    .select()
    .from(loans)
    .where(eq(loans.customerId, customerId))
    .orderBy(desc(loans.appliedAt), desc(loans.id))
    .limit(1);
  return loan;
}

// The customer's newest open ticket on a channel, so a message staff send shows in that thread.
export async function findOpenTicketOfCustomer(
  db: Executor,
  customerId: number,
  channel: 'text' | 'email',
): Promise<number | null> {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.customerId, customerId),
        eq(tickets.channel, channel),
        eq(tickets.state, 'open'),
        isNull(tickets.archivedAt),
      ),
    )
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  return ticket?.id ?? null;
}
