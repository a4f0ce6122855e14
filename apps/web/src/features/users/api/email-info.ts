import { queryOptions, useQuery } from '@tanstack/react-query';
import { userPageCalls, type EmailInfoResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './query-keys.ts';

// GET users/email_info {user_id}: every address the customer has had, the primary one marked.
export function getEmailInfo(userId: number, signal?: AbortSignal): Promise<EmailInfoResponse> {
  return callApi(userPageCalls.getEmailInfo, { query: { user_id: userId } }, { signal });
}

export function emailInfoQueryOptions(userId: number) {
  return queryOptions({ queryKey: userKeys.emails(userId), queryFn: ({ signal }) => getEmailInfo(userId, signal) });
}

export function useEmailInfo(userId: number, enabled: boolean) {
  return useQuery({ ...emailInfoQueryOptions(userId), enabled });
}
