import { sql } from 'drizzle-orm';
import { maskSsn, permissionRefusal, ssnLast4, unvalidatedSsnDigits } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { CustomersDeps } from './deps.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import { findAuditTrail, recordAuditEvent } from '../../platform/audit.ts';
import { forbidden, tooManyRequests } from '../../platform/http-error.ts';
import { findCustomerIdsBySsnHashes } from './ssn-repository.ts';
import { ssnHashesOf } from './ssn.ts';

// The one door for SSN look-ups (issue 37, convention 9; decision 037). Every comparison of whole
// SSN digits from outside (a number an employee types, one printed in a document an employee
// uploads, a correction) with customers' stored SSNs happens here and nowhere else
// (ssn-door.test.ts reads the server's code to hold it so). A comparison is a reveal in disguise:
// everyone sees the last four, so an answer of "found" or "not found" gives away the other five
// digits in at most 100,000 tries. So, whatever the road:
// - it needs customers.reveal_ssn (the ssn_reveal role). Without it, a road where the employee asks
//   (a search) is refused with the permission's 403; a road where the number only comes along (a
//   notice's debtor, a correction) is not compared at all, and the caller matches or saves as if
//   there were no whole number (the last four and the name), so the answer is the same whether
//   the number is a customer's or not;
// - an employee compares at most SSN_SEARCHES_PER_MINUTE numbers a minute, over every road
//   together, counted from the audit events below under a per-employee advisory lock (every API
//   process and any number of parallel requests see the same count); a request that would go past
//   it answers 429 with a sentence and writes nothing;
// - each request is one audit event (customer.ssn_searched): the employee, the road's purpose, how
//   many numbers were compared, their last four and the customers found; never a whole number.

export const SSN_SEARCHES_PER_MINUTE = 5;
const SSN_SEARCH_LOCK = 7_310_077;
export const SSN_SEARCH_ACTION = 'customer.ssn_searched';
// The events are filed under the employee who compared (this entity type, the employee's id), so
// the limit reads back exactly theirs; the customers found are named in `found`.
export const SSN_SEARCH_ENTITY = 'employee_ssn_searches';

// Every road to the door (ssn-door.test.ts drives each one): what the audit calls it, what happens
// without the reveal power, and what the 429 advises.
export const SSN_ROADS = {
  user_search: {
    purpose: 'disputes user search',
    withoutReveal: 'refuse',
    whenLimited: 'Wait a minute, or search by the last four digits and the name.',
  },
  notice_upload: {
    purpose: 'bankruptcy notice upload',
    withoutReveal: 'skip',
    whenLimited: 'Nothing was uploaded: wait a minute, or upload fewer notices that print a whole SSN at a time.',
  },
  ssn_correction: {
    purpose: 'SSN correction',
    withoutReveal: 'skip',
    whenLimited: 'Nothing was saved: wait a minute and save it again.',
  },
} as const satisfies Record<string, { purpose: string; withoutReveal: 'refuse' | 'skip'; whenLimited: string }>;

export type SsnRoad = keyof typeof SSN_ROADS;

// What the door answers: not compared (the caller goes on without the whole number), or the
// customers holding each number compared (keyed by its nine digits).
export type SsnComparison = { compared: false } | { compared: true; found: ReadonlyMap<string, readonly number[]> };

export function ssnLimitSentence(road: SsnRoad, asked: number, left: number): string {
  const head =
    left <= 0
      ? `You have compared ${SSN_SEARCHES_PER_MINUTE} whole SSNs with customers' in the last minute (searches, notice uploads and corrections together), the most allowed.`
      : `This would compare ${asked} whole SSNs with customers'; you may compare ${SSN_SEARCHES_PER_MINUTE} a minute and have ${left} left.`;
  return `${head} ${SSN_ROADS[road].whenLimited}`;
}

// The user search's sentence once the minute's comparisons are spent.
export const ssnSearchLimitReached = () => ssnLimitSentence('user_search', 1, 0);

// How many numbers the employee compared in the last minute, by the database's clock.
async function comparedLastMinute(tx: Executor, employeeId: number): Promise<number> {
  const result = (await tx.execute(sql`select now() - interval '60 seconds' as since`)) as {
    rows: Array<{ since: Date | string }>;
  };
  const since = new Date(result.rows[0]!.since).getTime();
  // Each event compared one number or more, so the newest SSN_SEARCHES_PER_MINUTE hold the minute's.
  const events = await findAuditTrail(
    tx,
    [{ entityType: SSN_SEARCH_ENTITY, entityIds: [String(employeeId)] }],
    SSN_SEARCHES_PER_MINUTE,
  );
  return events
    .filter((event) => event.action === SSN_SEARCH_ACTION && event.createdAt.getTime() > since)
    .reduce((sum, event) => sum + comparedIn(event.after), 0);
}

function comparedIn(after: unknown): number {
  const count = (after as { ssns_compared?: unknown } | null)?.ssns_compared;
  return typeof count === 'number' && count > 0 ? count : 1;
}

// The door. `numbers` are what came from outside (typed or printed); those that are not nine
// digits are not compared. `executor`: the caller's transaction, when the answer decides a write
// in it (a correction); it must then not roll back after the door (refuse after committing).
export async function compareSsns(
  context: Pick<CustomersDeps, 'db' | 'secretsKey'>,
  actor: Actor,
  road: SsnRoad,
  numbers: readonly string[],
  executor?: Executor,
): Promise<SsnComparison> {
  const rule = SSN_ROADS[road];
  if (!hasPermission(actor, 'customers.reveal_ssn')) {
    if (rule.withoutReveal === 'refuse') throw forbidden(permissionRefusal('customers.reveal_ssn'));
    return { compared: false };
  }
  const digits = [...new Set(numbers.flatMap((text) => unvalidatedSsnDigits(text) ?? []))];
  if (digits.length === 0) return { compared: true, found: new Map() };
  // A road where the number only comes along goes on without it when there is no key to hash with;
  // a search answers 503 (ssnHashOf), as every look-up of a typed number does.
  if (rule.withoutReveal === 'skip' && !context.secretsKey) return { compared: false };

  const compare = async (tx: Executor): Promise<SsnComparison> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SSN_SEARCH_LOCK}, ${actor.employeeId})`);
    const left = SSN_SEARCHES_PER_MINUTE - (await comparedLastMinute(tx, actor.employeeId));
    if (digits.length > left) throw tooManyRequests(ssnLimitSentence(road, digits.length, left));
    // Each number's hash, and while a new key is rolled out its hash under the old key too, so a
    // customer npm run reseal has not moved yet is still found (decision 072).
    const hashes = digits.map((number) => ssnHashesOf(context, number));
    // Read in the transaction: on PGlite it holds the one connection.
    const byHash = await findCustomerIdsBySsnHashes(tx, hashes.flat());
    const found = new Map(
      digits.map((number, index) => [
        number,
        [...new Set(hashes[index]!.flatMap((hash) => byHash.get(hash) ?? []))].sort((a, b) => a - b),
      ]),
    );
    await recordAuditEvent(tx, {
      ...actor,
      action: SSN_SEARCH_ACTION,
      entityType: SSN_SEARCH_ENTITY,
      entityId: actor.employeeId,
      after: {
        employee_name: actor.name,
        purpose: rule.purpose,
        ssns_compared: digits.length,
        ssns: digits.map((number) => maskSsn(ssnLast4(number))),
        found: [...new Set([...found.values()].flat())].sort((a, b) => a - b),
      },
    });
    return { compared: true, found };
  };
  return executor ? compare(executor) : context.db.transaction(compare);
}

// The customers whose SSN is the one the employee typed (the disputes user search).
export async function searchCustomersBySsn(
  context: Pick<CustomersDeps, 'db' | 'secretsKey'>,
  actor: Actor,
  typedSsn: string,
): Promise<number[]> {
  const comparison = await compareSsns(context, actor, 'user_search', [typedSsn]);
  const digits = unvalidatedSsnDigits(typedSsn);
  return comparison.compared && digits ? [...(comparison.found.get(digits) ?? [])] : [];
}

// The ACDV desk's "SSN matches" (issue 37): the bureau's whole number, kept as its keyed hash when
// the file was imported, against the customer's. Only an employee who may reveal SSNs is told;
// anyone else learns nothing (null: the desk compares the last four shown), so an imported file
// cannot be used to test guesses. Neither counted against the minute's limit nor audited as a
// search: the one told may reveal the whole number anyway, and that reveal is audited with its reason.
export function ssnHashesAgree(actor: Actor, ours: string | null, theirs: string | null): boolean | null {
  if (!hasPermission(actor, 'customers.reveal_ssn') || !ours || !theirs) return null;
  return ours === theirs;
}
