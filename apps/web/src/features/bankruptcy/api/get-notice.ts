import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankruptcyNoticeCalls, type BankruptcyNotice } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { noticeKeys } from './query-keys.ts';

// GET bankruptcy_notices/{id}: the notice with its parsed data and the matched customer.
export async function getNotice(id: number, signal?: AbortSignal): Promise<BankruptcyNotice> {
  const answer = await callApi(bankruptcyNoticeCalls.getNotice, { params: { id } }, { signal });
  return answer.notice;
}

// Not cached (spec 001 section 7): who holds a notice changes under us, so it is read fresh each
// time the screen opens and forgotten when it closes.
export function noticeQueryOptions(id: number) {
  return queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => getNotice(id, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useNotice(id: number) {
  return useQuery(noticeQueryOptions(id));
}
