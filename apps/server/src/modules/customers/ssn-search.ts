import { sql } from 'drizzle-orm';
import { maskSsn, permissionRefusal, ssnLast4, unvalidatedSsnDigits } from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import { countRecentAuditEvents, recordAuditEvent } from '../../platform/audit.ts';
import { forbidden, tooManyRequests } from '../../platform/http-error.ts';
import { findCustomerIdsBySsnHash } from './ssn-repository.ts';
import { ssnHashOf } from './ssn.ts';

// A search by whole SSN that an employee types is a reveal in disguise: everyone sees the last
// four, so a search that answers "found" or "not found" would give away the other five digits in at
// most 100,000 tries. So it is the reveal's power (customers.reveal_ssn), each search is an audit
// event like a reveal, and an employee may make only SSN_SEARCHES_PER_MINUTE of them a minute,
// counted from those audit events (every API process sees them), one search at a time per employee.
export const SSN_SEARCHES_PER_MINUTE = 5;
const SSN_SEARCH_LOCK = 7_310_077;
export const SSN_SEARCH_ACTION = 'customer.ssn_searched';

export const ssnSearchLimitReached = () =>
  `You have searched by whole SSN ${SSN_SEARCHES_PER_MINUTE} times in the last minute, the most allowed. Wait a minute, or search by the last four digits and the name.`;

// The customers whose SSN is the one the employee typed, for `purpose` (recorded with the search).
export async function searchCustomersBySsn(
  context: Pick<CustomersDeps, 'db' | 'secretsKey'>,
  actor: Actor,
  typedSsn: string,
  purpose: string,
): Promise<number[]> {
  if (!hasPermission(actor, 'customers.reveal_ssn')) throw forbidden(permissionRefusal('customers.reveal_ssn'));
  return context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SSN_SEARCH_LOCK}, ${actor.employeeId})`);
    if ((await countRecentAuditEvents(tx, actor.employeeId, SSN_SEARCH_ACTION, 60)) >= SSN_SEARCHES_PER_MINUTE)
      throw tooManyRequests(ssnSearchLimitReached());
    const digits = unvalidatedSsnDigits(typedSsn);
    // Read in the transaction: on PGlite it holds the one connection.
    const ids = digits ? await findCustomerIdsBySsnHash(tx, ssnHashOf(context, digits)) : [];
    await recordAuditEvent(tx, {
      ...actor,
      action: SSN_SEARCH_ACTION,
      entityType: 'customer',
      entityId: ids.length === 1 ? ids[0]! : null,
      after: {
        employee_name: actor.name,
        purpose,
        ssn: maskSsn(digits ? ssnLast4(digits) : null),
        found: ids,
      },
    });
    return ids;
  });
}
