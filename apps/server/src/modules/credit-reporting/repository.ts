import { and, asc, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { acdvRequests, creditReportAdjustments, type Executor } from '@portal/db';
import { findCustomer } from '../customers/index.ts';
import { employeeNameOf } from '../session/index.ts';

// Reads of the credit reporting module that are not the loan's reporting input (reporting-loan.ts).

export async function findReportedCustomer(executor: Executor, customerId: number) {
  const customer = await findCustomer(executor, customerId);
  if (!customer) return null;
  const { id, firstName, middleInitial, lastName, birthday, phoneNumber, street, city, state, zip } = customer;
  const { ssnLast4, ssnHash, ssnSealed, dnc, dnl } = customer;
  return {
    id,
    firstName,
    middleInitial,
    lastName,
    birthday,
    phoneNumber,
    street,
    city,
    state,
    zip,
    ssnLast4,
    ssnHash,
    ssnSealed,
    dnc,
    dnl,
  };
}

export type ReportedCustomer = NonNullable<Awaited<ReturnType<typeof findReportedCustomer>>>;

export async function findLoanAdjustments(executor: Executor, loanId: number) {
  return executor
    .select({
      id: creditReportAdjustments.id,
      adjType: creditReportAdjustments.adjType,
      reason: creditReportAdjustments.reason,
      genAdjFile: creditReportAdjustments.genAdjFile,
      source: creditReportAdjustments.source,
      processedAt: creditReportAdjustments.processedAt,
      createdAt: creditReportAdjustments.createdAt,
      createdBy: employeeNameOf(creditReportAdjustments.createdBy),
    })
    .from(creditReportAdjustments)
    .where(eq(creditReportAdjustments.loanId, loanId))
    .orderBy(asc(creditReportAdjustments.createdAt), asc(creditReportAdjustments.id));
}

// The answered ACDVs not yet in a response file (the files screen's count).
export async function countUnprocessedAcdvs(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(acdvRequests)
    .where(and(isNotNull(acdvRequests.respondedAt), isNull(acdvRequests.processedAt)));
  return row?.n ?? 0;
}

// ACDV requests that keep an SSN's keyed hash, by id after `afterId` (a new SECRETS_KEY,
// rekey-acdv-hashes.ts).
export async function findAcdvSsnHashes(
  executor: Executor,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; ssnHash: string }>> {
  const rows = await executor
    .select({ id: acdvRequests.id, ssnHash: acdvRequests.ssnHash })
    .from(acdvRequests)
    .where(and(gt(acdvRequests.id, afterId), isNotNull(acdvRequests.ssnHash)))
    .orderBy(asc(acdvRequests.id))
    .limit(limit);
  return rows.flatMap((row) => (row.ssnHash === null ? [] : [{ id: row.id, ssnHash: row.ssnHash }]));
}

// Each request's hash replaced only where it is still the one read. Answers how many changed.
export async function replaceAcdvSsnHashes(
  executor: Executor,
  rows: ReadonlyArray<{ id: number; from: string; to: string }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = (await executor.execute(sql`
    update acdv_requests as r
    set ssn_hash = u.hash
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::bigint[],
      ${sql.param(rows.map((row) => row.from))}::text[],
      ${sql.param(rows.map((row) => row.to))}::text[]
    ) as u(id, read, hash)
    where r.id = u.id and r.ssn_hash = u.read
    returning r.id`)) as { rows: unknown[] };
  return result.rows.length;
}
