import { and, asc, isNull, sql } from 'drizzle-orm';
import { bankruptcyNotices, type Executor } from '@portal/db';
import { deadlineWindow, type DeadlinePageRequest } from '../../platform/deadline-pages.ts';

// The unprocessed notices with their stored processing targets, for the deadlines list (decision
// 047): a page, one statement over bankruptcy_notices_due_idx (due_on, id).

export type OpenNoticeDeadline = {
  id: number;
  dueOn: string;
  receivedOn: string;
  debtorName: string | null;
  type: string;
};

const unprocessed = isNull(bankruptcyNotices.processedAt);

export async function findNoticeDeadlinePage(
  db: Executor,
  request: DeadlinePageRequest,
  timeZone: string,
): Promise<OpenNoticeDeadline[]> {
  return db
    .select({
      id: bankruptcyNotices.id,
      dueOn: bankruptcyNotices.dueOn,
      receivedOn: sql<string>`to_char(${bankruptcyNotices.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      debtorName: sql<string | null>`nullif(trim(${bankruptcyNotices.parsedData}->>'debtor_name'), '')`,
      type: bankruptcyNotices.type,
    })
    .from(bankruptcyNotices)
    .where(and(unprocessed, deadlineWindow(bankruptcyNotices.dueOn, bankruptcyNotices.id, request)))
    .orderBy(asc(bankruptcyNotices.dueOn), asc(bankruptcyNotices.id))
    .limit(request.limit);
}
