import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { slaOutcomes, type Executor } from '@portal/db';

export type SlaShare = { employeeId: number; met: number; total: number };

// Per employee, the reply-time clocks they ended (by a reply, or by closing the ticket) between two
// instants and how many of them within the target (decision 066), from sla_outcomes_employee_idx.
export async function slaSharesByEmployee(
  executor: Executor,
  employeeIds: readonly number[],
  from: Date,
  to: Date,
): Promise<SlaShare[]> {
  if (employeeIds.length === 0) return [];
  return executor
    .select({
      employeeId: sql<number>`${slaOutcomes.employeeId}`.mapWith(Number),
      met: sql<number>`count(*) filter (where ${slaOutcomes.met})::int`.mapWith(Number),
      total: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(slaOutcomes)
    .where(
      and(
        inArray(slaOutcomes.employeeId, [...employeeIds]),
        gte(slaOutcomes.endedAt, from),
        lt(slaOutcomes.endedAt, to),
      ),
    )
    .groupBy(slaOutcomes.employeeId);
}
