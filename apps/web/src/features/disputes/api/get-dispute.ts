import { queryOptions, useQuery } from '@tanstack/react-query';
import { disputeCalls, type Dispute } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { disputeKeys } from './query-keys.ts';

// GET disputes_dashboard/dispute_details {id}: reads the dispute; taking it is assign_dispute's job.
export async function getDispute(id: number, signal?: AbortSignal): Promise<Dispute> {
  const answer = await callApi(disputeCalls.disputeDetails, { query: { id } }, { signal });
  return answer.dispute;
}

export function disputeQueryOptions(id: number) {
  return queryOptions({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) => getDispute(id, signal),
    // Who holds it decides what the screen allows: always read afresh.
    staleTime: 0,
  });
}

export function useDispute(id: number) {
  return useQuery(disputeQueryOptions(id));
}
