import { asc, desc } from 'drizzle-orm';
import { employees } from '@portal/db';
import {
  addDays,
  addMonths,
  type EmployeeListResponse,
  type EmployeeTicketResponse,
  type EmployeeTicketStats,
} from '@portal/contracts';
import type { AnalyticsDeps } from './deps.ts';
import { businessToday, startOfBusinessDay } from '../../platform/business-date.ts';
import { slaSharesByEmployee } from '../tickets/index.ts';
import { histogramMedian, splitByWholeMonths } from './handling-median.ts';
import type { AnalyticsRange } from './range.ts';
import * as repository from './repository.ts';

type AnalyticsContext = Pick<AnalyticsDeps, 'db' | 'clock' | 'businessTimeZone'>;

export async function employeeList(context: AnalyticsContext): Promise<EmployeeListResponse> {
  const rows = await context.db
    .select({ id: employees.id, name: employees.name, active: employees.active })
    .from(employees)
    .orderBy(desc(employees.active), asc(employees.name), asc(employees.id));
  return { employees: rows };
}

const roundTenth = (seconds: number) => Math.round(seconds * 10) / 10;

// Per employee over the range, from the business-day rollups (decision 034): replies sent, tickets
// first worked (their first reply to it or their close of it), tickets closed with the mean and
// median time from start to close; and the reply-time targets they met (decision 066). The
// employees asked for (zeros for one who did nothing), or with no one asked, everyone who did
// something.
export async function employeeTicketAnalytics(
  context: AnalyticsContext,
  range: AnalyticsRange,
  employeeIds: readonly number[],
): Promise<EmployeeTicketResponse> {
  // Nothing is closed after today, so a range ending today reads this month's row whole.
  const today = businessToday(context.clock, context.businessTimeZone);
  const histogramEnd = range.end === today ? addDays(addMonths(`${today.slice(0, 7)}-01`, 1), -1) : range.end;
  const rows = await repository.employeeFigures(
    context.db,
    range.start,
    range.end,
    splitByWholeMonths(range.start, histogramEnd),
    employeeIds,
  );
  const shares = new Map(
    (
      await slaSharesByEmployee(
        context.db,
        rows.map((row) => row.employeeId),
        startOfBusinessDay(range.start, context.businessTimeZone),
        startOfBusinessDay(addDays(range.end, 1), context.businessTimeZone),
      )
    ).map((share) => [share.employeeId, share]),
  );
  const data = rows.map((row): EmployeeTicketStats => ({
    employee_id: row.employeeId,
    name: row.name,
    tickets_worked: row.worked,
    tickets_closed: row.closed,
    replies: row.replies,
    median_handling_seconds: histogramMedian(
      row.buckets.map(([start, tickets, handlingSeconds]) => ({ start, tickets, handlingSeconds })),
    ),
    average_handling_seconds: row.closed > 0 ? roundTenth(row.handlingSeconds / row.closed) : null,
    sla_met: shares.get(row.employeeId)?.met ?? 0,
    sla_total: shares.get(row.employeeId)?.total ?? 0,
  }));
  return { data };
}
