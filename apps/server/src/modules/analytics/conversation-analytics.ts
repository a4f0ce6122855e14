import type { AnalyticsAverageResponse, AnalyticsCountResponse } from '@portal/contracts';
import type { AnalyticsDeps } from './deps.ts';
import type { AnalyticsRange } from './range.ts';
import * as repository from './repository.ts';

type AnalyticsContext = Pick<AnalyticsDeps, 'db'>;

// Conversations are tickets, counted in the hour they started (ticket_hourly_stats, decision 034).
export async function totalConversations(
  context: AnalyticsContext,
  range: AnalyticsRange,
): Promise<AnalyticsCountResponse> {
  const stats = await repository.ticketStats(context.db, range.from, range.to);
  return { count: stats.tickets };
}

// The mean time to the first employee reply of the conversations started in the range that have
// one; business: counting only business hours.
export async function averageFirstResponse(
  context: AnalyticsContext,
  range: AnalyticsRange,
  business: boolean,
): Promise<AnalyticsAverageResponse> {
  const stats = await repository.ticketStats(context.db, range.from, range.to);
  const total = business ? stats.businessResponseSeconds : stats.responseSeconds;
  return {
    average_seconds: stats.responded === 0 ? null : Math.round((total / stats.responded) * 10) / 10,
    responded: stats.responded,
  };
}
