import { and, asc, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { disputes, type Executor } from '@portal/db';

// The disputes' open deadlines, for the deadlines list (decision 047), one statement each: the
// unresolved disputes but those whose frivolous notice is still to go (their stored due date, over
// disputes_unresolved_idx), and
// the frivolous ones whose notice has not gone out (the day of the determination in the business
// time zone; the notice is due 5 business days after it), resolved or not.

const consumerName = sql<string | null>`nullif(concat_ws(' ', ${disputes.firstName}, ${disputes.lastName}), '')`;

export type OpenDisputeDeadline = { id: number; dueDate: string; consumerName: string | null; type: string | null };

export async function findOpenDisputeDeadlines(db: Executor): Promise<OpenDisputeDeadline[]> {
  return db
    .select({ id: disputes.id, dueDate: disputes.dueDate, consumerName, type: disputes.type })
    .from(disputes)
    .where(
      and(isNull(disputes.resolvedAt), or(isNull(disputes.frivolousAt), isNotNull(disputes.frivolousNoticeSentAt))),
    )
    .orderBy(asc(disputes.dueDate), asc(disputes.id));
}

export type FrivolousNoticeDeadline = {
  id: number;
  determinedOn: string;
  reason: string | null;
  consumerName: string | null;
};

export async function findFrivolousNoticesDue(db: Executor, timeZone: string): Promise<FrivolousNoticeDeadline[]> {
  return db
    .select({
      id: disputes.id,
      determinedOn: sql<string>`to_char(${disputes.frivolousAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      reason: disputes.frivolousReason,
      consumerName,
    })
    .from(disputes)
    .where(and(isNotNull(disputes.frivolousAt), isNull(disputes.frivolousNoticeSentAt)))
    .orderBy(asc(disputes.frivolousAt), asc(disputes.id));
}
