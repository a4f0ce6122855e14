import { creditReportingCalls, type CreateAdjustmentBody, type CreateAdjustmentResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { creditReportingKeys } from './query-keys.ts';

// PUT cr_adj/create_and_notify {user_id, loan_id, adj_type, reason, gen_adj_file}: 201 with the
// results, sentence by sentence.
export function createAdjustment(body: CreateAdjustmentBody): Promise<CreateAdjustmentResponse> {
  return callApi(creditReportingCalls.createAdjustment, { body });
}

export function useCreateAdjustment() {
  // One more adjustment may be waiting for a correction file; a lookup shows it too.
  return useRefreshingMutation(createAdjustment, [creditReportingKeys.all]);
}
