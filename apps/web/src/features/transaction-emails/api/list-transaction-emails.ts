import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionEmailCalls, type ListTransactionEmailsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { transactionEmailKeys } from './query-keys.ts';

// GET users/transaction_emails {user_id, continuation}: one page (at most 50) of the emails our
// systems sent the customer, with the token of the next page.
export function listTransactionEmails(
  userId: number,
  continuation: string | null,
  signal?: AbortSignal,
): Promise<ListTransactionEmailsResponse> {
  return callApi(
    transactionEmailCalls.listTransactionEmails,
    { query: { user_id: userId, continuation: continuation ?? undefined } },
    { signal },
  );
}

export function transactionEmailsQueryOptions(userId: number, continuation: string | null) {
  return queryOptions({
    queryKey: transactionEmailKeys.page(userId, continuation),
    queryFn: ({ signal }) => listTransactionEmails(userId, continuation, signal),
  });
}

// The page stays on screen while the next one loads.
export function useTransactionEmails(userId: number, continuation: string | null, enabled: boolean) {
  return useQuery({
    ...transactionEmailsQueryOptions(userId, continuation),
    enabled,
    placeholderData: keepPreviousData,
  });
}
