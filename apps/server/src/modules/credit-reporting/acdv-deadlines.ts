import { asc, isNull, sql } from 'drizzle-orm';
import { acdvRequests, type Executor } from '@portal/db';

// The unanswered ACDVs with their stored response dates, for the deadlines list (decision 047).
// One statement over the partial index acdv_requests_unanswered_idx, only the columns the list shows.

export type OpenAcdvDeadline = {
  id: number;
  controlNumber: string;
  disputeCode: string;
  responseDueOn: string;
  consumerInfoAddedOn: string | null;
  consumerName: string | null;
};

export async function findOpenAcdvDeadlines(db: Executor): Promise<OpenAcdvDeadline[]> {
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
    .where(isNull(acdvRequests.respondedAt))
    .orderBy(asc(acdvRequests.responseDueOn), asc(acdvRequests.id));
}
