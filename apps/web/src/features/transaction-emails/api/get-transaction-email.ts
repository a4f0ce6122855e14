import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionEmailCalls, type TransactionEmail } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { transactionEmailKeys } from './query-keys.ts';

// GET users/transaction_email {user_id, key}: the email as it was sent, its body a document for a
// sandboxed frame (srcdoc).
export function getTransactionEmail(userId: number, key: string, signal?: AbortSignal): Promise<TransactionEmail> {
  return callApi(transactionEmailCalls.getTransactionEmail, { query: { user_id: userId, key } }, { signal });
}

export function transactionEmailQueryOptions(userId: number, key: string) {
  return queryOptions({
    queryKey: transactionEmailKeys.email(userId, key),
    queryFn: ({ signal }) => getTransactionEmail(userId, key, signal),
    // A sent email does not change.
    staleTime: Infinity,
  });
}

export function useTransactionEmail(userId: number, key: string) {
  return useQuery(transactionEmailQueryOptions(userId, key));
}
