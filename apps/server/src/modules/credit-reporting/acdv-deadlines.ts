import { and, asc, isNull, sql } from 'drizzle-orm';
import { acdvRequests, type Executor } from '@portal/db';
import { deadlineWindow, type DeadlinePageRequest } from '../../platform/deadline-pages.ts';

// The unanswered ACDVs with their stored response dates, for the deadlines list (decision 047): a
// page, one statement over the partial index acdv_requests_unanswered_idx
// (response_due_on, id), only the columns the list shows.

export type OpenAcdvDeadline = {
  id: number;
  controlNumber: string;
  disputeCode: string;
  responseDueOn: string;
  consumerInfoAddedOn: string | null;
  consumerName: string | null;
};

const unanswered = isNull(acdvRequests.respondedAt);

export async function findAcdvDeadlinePage(db: Executor, request: DeadlinePageRequest): Promise<OpenAcdvDeadline[]> {
  return db
    .select({
      id: acdvRequests.id,
      controlNumber: acdvRequests.controlNumber,
      disputeCode: acdvRequests.disputeCode,
      responseDueOn: acdvRequests.responseDueOn,
      consumerInfoAddedOn: acdvRequests.consumerInfoAddedOn,
      consumerName: sql<
        string | null
      >`nullif(concat_ws(' ', ${acdvRequests.consumer}->>'firstName', ${acdvRequests.consumer}->>'lastName'), '')`,
    })
    .from(acdvRequests)
    .where(and(unanswered, deadlineWindow(acdvRequests.responseDueOn, acdvRequests.id, request)))
    .orderBy(asc(acdvRequests.responseDueOn), asc(acdvRequests.id))
    .limit(request.limit);
}
