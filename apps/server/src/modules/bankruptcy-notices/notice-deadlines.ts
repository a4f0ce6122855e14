import { asc, isNull, sql } from 'drizzle-orm';
import { bankruptcyNotices, type Executor } from '@portal/db';

// The unprocessed notices with the day each came in (in the business time zone), for the deadlines
// list (decision 047): one statement over bankruptcy_notices_unprocessed_idx, in get-next's order.
// Their target date is counted from that day (bankruptcyNoticeDueOn), so it grows with created_at
// and get-next's order is already the most urgent first.

export type OpenNoticeDeadline = { id: number; receivedOn: string; debtorName: string | null; type: string };

export async function findOpenNoticeDeadlines(db: Executor, timeZone: string): Promise<OpenNoticeDeadline[]> {
  return db
    .select({
      id: bankruptcyNotices.id,
      receivedOn: sql<string>`to_char(${bankruptcyNotices.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
      debtorName: sql<string | null>`nullif(trim(${bankruptcyNotices.parsedData}->>'debtor_name'), '')`,
      type: bankruptcyNotices.type,
    })
    .from(bankruptcyNotices)
    .where(isNull(bankruptcyNotices.processedAt))
    .orderBy(asc(bankruptcyNotices.createdAt), asc(bankruptcyNotices.id));
}
