import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bounces,
  debitStops,
  jsonObject,
  jsonObjectDecoder,
  jsonRowDecoder,
  loanComments,
  loans,
  payments,
  statements,
  type Executor,
  type JsonObjectRow,
} from '@portal/db';
import { pendingApprovalsJson, type PendingApprovalJson } from '../approvals/index.ts';
import { chargeableBankOf, chargeableCardOf } from '../customers/index.ts';
import { employeeNameOf } from '../session/index.ts';

// A customer's loans as one JSON value inside a query over customers (decision 013): every loan in
// application order, each with its payments by due date (each with its bounces), its comments and
// its statements. GET ticket and the user page select it beside the customer row, so one round
// trip reads the whole account; the loans/ calls read one loan the same way (findLoanCard).

const loanColumns = getTableColumns(loans);
const paymentColumns = getTableColumns(payments);
const bounceColumns = getTableColumns(bounces);
const statementColumns = getTableColumns(statements);
const commentColumns = {
  id: loanComments.id,
  body: loanComments.body,
  createdAt: loanComments.createdAt,
};

const debitStopColumns = {
  id: debitStops.id,
  customerId: debitStops.customerId,
  stoppedAt: debitStops.stoppedAt,
  reason: debitStops.reason,
  // Whether the stop owes the consumer-rights notice (stopOwesConsumerRightsNotice).
  bounceIds: debitStops.bounceIds,
  noticeMessageId: debitStops.noticeMessageId,
};

export type LoanJsonRow = JsonObjectRow<typeof loanColumns>;
export type DebitStopRow = JsonObjectRow<typeof debitStopColumns>;
export type LoanCommentRow = JsonObjectRow<typeof commentColumns> & { employeeName: string | null };
export type StatementRow = JsonObjectRow<typeof statementColumns>;
type JsonList = Array<Record<string, unknown>>;

const emptyArray = sql`'[]'::json`;
// The loan's bounces in one list (one index scan per loan, not one per payment: a loan of 30
// payments is most of a card's cost otherwise), handed to their payments when decoded.
const bouncesJson = sql`(select coalesce(json_agg(${jsonObject(bounceColumns)} order by ${bounces.bouncedOn}, ${bounces.id}), ${emptyArray})
  from ${bounces} where ${bounces.loanId} = ${loans.id})`;
// Whole rows (jsonRowDecoder): a card may hold hundreds of payments.
const paymentsJson = sql`(select coalesce(json_agg(${payments} order by ${payments.due}, ${payments.id}), ${emptyArray})
  from ${payments} where ${payments.loanId} = ${loans.id})`;
// Newest first, as the comments box lists them.
const commentJson = sql`json_build_object('comment', ${jsonObject(commentColumns)}, 'employeeName', ${employeeNameOf(loanComments.employeeId)})`;
const commentsJson = sql`(select coalesce(json_agg(${commentJson} order by ${loanComments.createdAt} desc, ${loanComments.id} desc), ${emptyArray})
  from ${loanComments} where ${loanComments.loanId} = ${loans.id})`;
const statementsJson = sql`(select coalesce(json_agg(${jsonObject(statementColumns)} order by ${statements.statementDate}, ${statements.id}), ${emptyArray})
  from ${statements} where ${statements.loanId} = ${loans.id})`;
// The customer's failed-debit stop in force (at most one; a partial unique index finds it), which
// every card of theirs shows (decision 048).
const debitStopJson = sql`(select ${jsonObject(debitStopColumns)} from ${debitStops}
  where ${debitStops.customerId} = ${loans.customerId} and ${debitStops.liftedAt} is null)`;
const loanEntryJson = sql`json_build_object('loan', row_to_json(${loans}), 'payments', ${paymentsJson}, 'bounces', ${bouncesJson}, 'comments', ${commentsJson}, 'statements', ${statementsJson}, 'debitStop', ${debitStopJson}, 'approvals', ${pendingApprovalsJson(loans.id)})`;

// Correlated with the enclosing query's customer id (customers.id of the ticket view, the user card).
export const customerLoansJson = (customerId: AnyPgColumn | SQL) =>
  sql<JsonList>`(select coalesce(json_agg(${loanEntryJson} order by ${loans.appliedAt}, ${loans.id}), ${emptyArray})
  from ${loans} where ${loans.customerId} = ${sql`${customerId}`})`;

const decodeLoan = jsonRowDecoder(loanColumns);
const decodePayment = jsonRowDecoder(paymentColumns);
const decodeBounce = jsonObjectDecoder(bounceColumns);
const decodeComment = jsonObjectDecoder(commentColumns);
const decodeStatement = jsonObjectDecoder(statementColumns);
const decodeDebitStop = jsonObjectDecoder(debitStopColumns);

function decodeLoanEntry(row: Record<string, unknown>) {
  const bouncesByPayment = new Map<number, Array<ReturnType<typeof decodeBounce>>>();
  for (const bounce of (row.bounces as JsonList).map(decodeBounce)) {
    const list = bouncesByPayment.get(bounce.paymentId);
    if (list) list.push(bounce);
    else bouncesByPayment.set(bounce.paymentId, [bounce]);
  }
  return {
    loan: decodeLoan(row.loan as Record<string, unknown>),
    payments: (row.payments as JsonList).map((entry) => {
      const payment = decodePayment(entry);
      return { payment, bounces: bouncesByPayment.get(payment.id) ?? [] };
    }),
    comments: (row.comments as JsonList).map((entry) => ({
      ...decodeComment(entry.comment as Record<string, unknown>),
      employeeName: entry.employeeName as string | null,
    })),
    statements: (row.statements as JsonList).map(decodeStatement),
    debitStop: row.debitStop ? decodeDebitStop(row.debitStop as Record<string, unknown>) : null,
    pendingApprovals: (row.approvals as PendingApprovalJson[] | undefined) ?? [],
  };
}

export function decodeCustomerLoans(list: JsonList) {
  return list.map(decodeLoanEntry);
}

export type LoanCardRow = ReturnType<typeof decodeLoanEntry> & { chargeableBank: boolean; chargeableCard: boolean };

// One loan with everything its card shows, and whether its customer can be charged by bank or card.
// Inside a transaction that locked the loan, this is the loan as the change found it.
export async function findLoanCard(db: Executor, loanId: number): Promise<LoanCardRow | undefined> {
  const [row] = await db
    .select({
      entry: sql<Record<string, unknown>>`${loanEntryJson}`,
      chargeableBank: chargeableBankOf(loans.customerId),
      chargeableCard: chargeableCardOf(loans.customerId),
    })
    .from(loans)
    .where(eq(loans.id, loanId));
  if (!row) return undefined;
  return { ...decodeLoanEntry(row.entry), chargeableBank: row.chargeableBank, chargeableCard: row.chargeableCard };
}
