import { and, desc, gte, lt, sql } from 'drizzle-orm';
import type { AutoResponseAnalyticsResponse } from '@portal/contracts';
import { autoResponseHourlyStats, autoResponseTextHourlyCounts, ticketHourlyStats, type Executor } from '@portal/db';
import type { AnalyticsDeps } from './deps.ts';
import type { AnalyticsRange } from './range.ts';

type AnalyticsContext = Pick<AnalyticsDeps, 'db'>;

// The most texts the answer lists (there are as many as macro versions ever used; a handful).
const MAX_TEXTS = 50;

// auto_response_analytics (decision 035): the conversations started in the range (total), those
// auto-responded (auto) and of those the ones the customer did not write in again after (noFollow),
// with the auto-responses' texts cut to 100 characters, most used first. Read from the hourly
// rollups the database keeps (migrations 0021 and 0023: the texts as their macros read), never
// from messages.
export async function autoResponseAnalytics(
  context: AnalyticsContext,
  range: AnalyticsRange,
): Promise<AutoResponseAnalyticsResponse> {
  const [figures, texts] = await Promise.all([
    readFigures(context.db, range.from, range.to),
    readTexts(context.db, range.from, range.to),
  ]);
  return { auto: figures.auto, noFollow: figures.auto - figures.followedUp, total: figures.total, texts };
}

// One statement, so the three figures are read from one snapshot.
async function readFigures(db: Executor, from: Date, to: Date) {
  const [row] = await db
    .select({
      total: sql<number>`(select coalesce(sum(${ticketHourlyStats.tickets}), 0)::int from ${ticketHourlyStats}
        where ${ticketHourlyStats.hour} >= ${from.toISOString()}::timestamptz
          and ${ticketHourlyStats.hour} < ${to.toISOString()}::timestamptz)`,
      auto: sql<number>`coalesce(sum(${autoResponseHourlyStats.autoResponded}), 0)::int`,
      followedUp: sql<number>`coalesce(sum(${autoResponseHourlyStats.followedUp}), 0)::int`,
    })
    .from(autoResponseHourlyStats)
    .where(and(gte(autoResponseHourlyStats.hour, from), lt(autoResponseHourlyStats.hour, to)));
  return row ?? { total: 0, auto: 0, followedUp: 0 };
}

async function readTexts(db: Executor, from: Date, to: Date) {
  const count = sql<number>`sum(${autoResponseTextHourlyCounts.responses})::int`;
  return db
    .select({ text: autoResponseTextHourlyCounts.text, count })
    .from(autoResponseTextHourlyCounts)
    .where(and(gte(autoResponseTextHourlyCounts.hour, from), lt(autoResponseTextHourlyCounts.hour, to)))
    .groupBy(autoResponseTextHourlyCounts.text)
    .orderBy(desc(count), autoResponseTextHourlyCounts.text)
    .limit(MAX_TEXTS);
}
