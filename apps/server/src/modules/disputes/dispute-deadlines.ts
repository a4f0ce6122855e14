import { and, asc, isNotNull, isNull, sql } from 'drizzle-orm';
import { disputes, type Executor } from '@portal/db';
import { deadlineWindow, type DeadlinePageRequest } from '../../platform/deadline-pages.ts';

// The disputes' open deadlines, for the deadlines list (decision 047), a page of each queue, one
// statement over a partial index on (due_date, id): the unresolved disputes but those whose
// frivolous notice is still to go (disputes_unresolved_idx), and the frivolous ones whose notice has
// not gone out, resolved or not (disputes_frivolous_notice_due_idx; while the notice is owed, the
// dispute's due date is the notice's, 5 business days after the determination).

const consumerName = sql<string | null>`nullif(concat_ws(' ', ${disputes.firstName}, ${disputes.lastName}), '')`;
const noticeOwed = and(isNotNull(disputes.frivolousAt), isNull(disputes.frivolousNoticeSentAt))!;
const unresolved = isNull(disputes.resolvedAt);

export type OpenDisputeDeadline = { id: number; dueDate: string; consumerName: string | null; type: string | null };

export async function findDisputeDeadlinePage(
  db: Executor,
  request: DeadlinePageRequest,
): Promise<OpenDisputeDeadline[]> {
  return db
    .select({ id: disputes.id, dueDate: disputes.dueDate, consumerName, type: disputes.type })
    .from(disputes)
    .where(and(unresolved, sql`not (${noticeOwed})`, deadlineWindow(disputes.dueDate, disputes.id, request)))
    .orderBy(asc(disputes.dueDate), asc(disputes.id))
    .limit(request.limit);
}

export type FrivolousNoticeDeadline = {
  id: number;
  dueDate: string;
  determinedOn: string;
  reason: string | null;
  consumerName: string | null;
};

export async function findFrivolousNoticePage(
  db: Executor,
  request: DeadlinePageRequest,
  timeZone: string,
): Promise<FrivolousNoticeDeadline[]> {
  return db
    .select({
      id: disputes.id,
      dueDate: disputes.dueDate,
      determinedOn: sql<string>`to_char(${disputes.frivolousAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      reason: disputes.frivolousReason,
      consumerName,
    })
    .from(disputes)
    .where(and(noticeOwed, deadlineWindow(disputes.dueDate, disputes.id, request)))
    .orderBy(asc(disputes.dueDate), asc(disputes.id))
    .limit(request.limit);
}
