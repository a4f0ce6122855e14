import { and, gte, lt, sql } from 'drizzle-orm';
import { PAYMENT_UPDATE_ACTIONS, type UpdatePaymentAnalyticsResponse } from '@portal/contracts';
import { auditEvents, type Executor } from '@portal/db';
import type { ServerContext } from '../../context.ts';
import type { AnalyticsRange } from './range.ts';

// update_payment_analytics (spec 001 sections 2 and 7; decision 036): the payment updates
// (PAYMENT_UPDATE_ACTIONS) audited in the range. cs: made by an employee (the audit row names one);
// user: made by the customer in the customer app (no employee); total: both.
//
// The actions are written into the statement as literals, not bound as a parameter, so the planner
// can match its predicate to the partial index audit_events_payment_updates_idx (same list; migration
// 0022) and count the range from that index alone, whatever else audit_events holds. Safe: the list
// is our constant, never input.
const ACTION_LIST = sql.raw(PAYMENT_UPDATE_ACTIONS.map((action) => `'${action.replaceAll("'", "''")}'`).join(', '));

// The count as one statement (built, not run), so a test can read its plan.
export function updatePaymentAnalyticsQuery(db: Executor, range: Pick<AnalyticsRange, 'from' | 'to'>) {
  return db
    .select({
      user: sql<number>`count(*) filter (where ${auditEvents.employeeId} is null)::int`,
      cs: sql<number>`count(*) filter (where ${auditEvents.employeeId} is not null)::int`,
    })
    .from(auditEvents)
    .where(
      and(
        sql`${auditEvents.action} in (${ACTION_LIST})`,
        gte(auditEvents.createdAt, range.from),
        lt(auditEvents.createdAt, range.to),
      ),
    );
}

export async function updatePaymentAnalytics(
  context: Pick<ServerContext, 'db'>,
  range: AnalyticsRange,
): Promise<UpdatePaymentAnalyticsResponse> {
  const [row] = await updatePaymentAnalyticsQuery(context.db, range);
  const user = row?.user ?? 0;
  const cs = row?.cs ?? 0;
  return { user, cs, total: user + cs };
}
