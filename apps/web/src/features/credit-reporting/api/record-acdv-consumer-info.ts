import { creditReportingCalls, type AcdvConsumerInfoBody, type AcdvConsumerInfoResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { creditReportingKeys } from './query-keys.ts';

// PATCH fcra/acdv_consumer_info {control_number, received_on}: the consumer sent information during
// the 30 days, so the response is due 45 days after receipt (decision 047).
export function recordAcdvConsumerInfo(body: AcdvConsumerInfoBody): Promise<AcdvConsumerInfoResponse> {
  return callApi(creditReportingCalls.acdvConsumerInfo, { body });
}

// The request on screen is read again (it is still mine), with its new due date.
export function useRecordAcdvConsumerInfo() {
  return useRefreshingMutation(recordAcdvConsumerInfo, [creditReportingKeys.acdvRequests()]);
}
