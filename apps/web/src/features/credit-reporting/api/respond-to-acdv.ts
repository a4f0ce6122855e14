import { creditReportingCalls, type AcdvResponseBody, type FieldVerification } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { creditReportingKeys } from './query-keys.ts';

export type AcdvAnswer = {
  control_number: string;
  response_verification: Record<string, FieldVerification>;
  acdv_response_code: string;
  // The consumer still disagrees after the investigation: the loan is reported XC (decision 049).
  consumer_disagrees: boolean;
};

// POST fcra/acdv_response {control_number, response_verification, acdv_response_code, consumer_disagrees}.
export function respondToAcdv(answer: AcdvAnswer): Promise<{ message: string; count: number }> {
  const body: AcdvResponseBody = answer;
  return callApi(creditReportingCalls.acdvResponse, { body });
}

// Once answered, the next request is loaded (the answered one is no longer handed out) and the
// desk's counts change.
export function useRespondToAcdv() {
  return useRefreshingMutation(respondToAcdv, [
    creditReportingKeys.acdvRequests(),
    creditReportingKeys.reportingFiles(),
  ]);
}
