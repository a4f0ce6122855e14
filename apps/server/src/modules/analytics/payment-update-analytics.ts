import { and, gte, lte, sql } from 'drizzle-orm';
import type { UpdatePaymentAnalyticsResponse } from '@portal/contracts';
import { paymentUpdateDailyCounts } from '@portal/db';
import type { AnalyticsDeps } from './deps.ts';
import type { AnalyticsRange } from './range.ts';

// update_payment_analytics (spec 001 sections 2 and 7; decision 036): the payment updates
// (PAYMENT_UPDATE_ACTIONS) audited in the range, from their business-day rollup (migration 0023).
// cs: made by an employee (the audit row names one); user: made by the customer in the customer
// app (no employee); total: both.
export async function updatePaymentAnalytics(
  context: Pick<AnalyticsDeps, 'db'>,
  range: AnalyticsRange,
): Promise<UpdatePaymentAnalyticsResponse> {
  const [row] = await context.db
    .select({
      user: sql<number>`coalesce(sum(${paymentUpdateDailyCounts.updates}) filter (where ${paymentUpdateDailyCounts.byCustomer}), 0)::int`,
      cs: sql<number>`coalesce(sum(${paymentUpdateDailyCounts.updates}) filter (where not ${paymentUpdateDailyCounts.byCustomer}), 0)::int`,
    })
    .from(paymentUpdateDailyCounts)
    .where(and(gte(paymentUpdateDailyCounts.day, range.start), lte(paymentUpdateDailyCounts.day, range.end)));
  const user = row?.user ?? 0;
  const cs = row?.cs ?? 0;
  return { user, cs, total: user + cs };
}
