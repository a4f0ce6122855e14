import { loanServicingCalls, type DebitAuthorizationRequest, type DebitAuthorizationResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST loans/debit_authorization {user_id, method, given_at, note}: the customer's new authorization,
// which lifts their failed-debit stop (decision 048). Its sentence is flashed; the screen refreshes
// every card of the customer (the stop showed on each).
export function recordDebitAuthorization(input: DebitAuthorizationRequest): Promise<DebitAuthorizationResponse> {
  return callApi(loanServicingCalls.debitAuthorization, { body: input });
}

export function useRecordDebitAuthorization({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof recordDebitAuthorization> } = {}) {
  return useFlashedMutation(recordDebitAuthorization, mutationConfig);
}
