import { asc, desc, sql } from 'drizzle-orm';
import { employees, messages, tickets } from '@portal/db';
import type { EmployeeListResponse, EmployeeTicketResponse } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import type { AnalyticsRange } from './range.ts';

type AnalyticsContext = Pick<ServerContext, 'db'>;

export async function employeeList(context: AnalyticsContext): Promise<EmployeeListResponse> {
  const rows = await context.db
    .select({ id: employees.id, name: employees.name, active: employees.active })
    .from(employees)
    .orderBy(desc(employees.active), asc(employees.name), asc(employees.id));
  return { employees: rows };
}

type StatsRow = {
  employee_id: number;
  name: string;
  tickets_worked: number;
  tickets_closed: number;
  replies: number;
  median_handling_seconds: number | null;
  average_handling_seconds: number | null;
};

// Per employee over the range: replies sent (messages_employee_idx), tickets closed and how long
// they took from start to close (tickets_closed_by_idx), and the tickets worked (replied to or
// closed). One statement for everyone asked; with no one asked, everyone who did either.
export async function employeeTicketAnalytics(
  context: AnalyticsContext,
  range: AnalyticsRange,
  employeeIds: readonly number[],
): Promise<EmployeeTicketResponse> {
  const asked = employeeIds.length > 0;
  const ids = sql`${sql.param([...employeeIds])}::int[]`;
  const repliesWhere = asked ? sql`and ${messages.employeeId} = any(${ids})` : sql``;
  const closedWhere = asked ? sql`and ${tickets.closedBy} = any(${ids})` : sql``;
  // Raw statements answer rows whose shape the driver decides; the columns are cast to what StatsRow says.
  const result = (await context.db.execute(sql`
    with replied as (
      select ${messages.employeeId} as employee_id, ${messages.ticketId} as ticket_id, count(*)::int as replies
      from ${messages}
      where ${messages.employeeId} is not null and not ${messages.inbound}
        and ${messages.createdAt} >= ${range.from.toISOString()}::timestamptz
        and ${messages.createdAt} < ${range.to.toISOString()}::timestamptz ${repliesWhere}
      group by 1, 2
    ), closed as (
      select ${tickets.closedBy} as employee_id, ${tickets.id} as ticket_id,
             extract(epoch from ${tickets.closedAt} - ${tickets.createdAt}) as handling
      from ${tickets}
      where ${tickets.state} = 'closed' and ${tickets.closedBy} is not null
        and ${tickets.closedAt} >= ${range.from.toISOString()}::timestamptz
        and ${tickets.closedAt} < ${range.to.toISOString()}::timestamptz ${closedWhere}
    ), reply_totals as (
      select employee_id, sum(replies)::int as replies from replied group by 1
    ), closed_totals as (
      select employee_id, count(*)::int as closed,
             round(percentile_cont(0.5) within group (order by handling)::numeric, 1)::float8 as median,
             round(avg(handling)::numeric, 1)::float8 as average
      from closed group by 1
    ), worked as (
      select employee_id, count(*)::int as worked
      from (select employee_id, ticket_id from replied where ticket_id is not null
            union select employee_id, ticket_id from closed) as both_kinds
      group by 1
    ), people as (
      select employee_id from reply_totals union select employee_id from closed_totals
      ${asked ? sql`union select unnest(${ids})` : sql``}
    )
    select e.id as employee_id, e.name,
      coalesce(w.worked, 0) as tickets_worked, coalesce(c.closed, 0) as tickets_closed,
      coalesce(r.replies, 0) as replies, c.median as median_handling_seconds, c.average as average_handling_seconds
    from ${employees} e
    join people p on p.employee_id = e.id
    left join worked w on w.employee_id = e.id
    left join closed_totals c on c.employee_id = e.id
    left join reply_totals r on r.employee_id = e.id
    order by e.name, e.id`)) as { rows: StatsRow[] };
  return { data: result.rows };
}
