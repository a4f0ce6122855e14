import { creditReportingCalls, type RecordAcdvsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { creditReportingKeys } from './query-keys.ts';

// PATCH fcra/record_and_process_acdvs: every answered ACDV into one response file, marked processed.
export function recordAndProcessAcdvs(): Promise<RecordAcdvsResponse> {
  return callApi(creditReportingCalls.recordAndProcessAcdvs);
}

export function useRecordAndProcessAcdvs() {
  return useRefreshingMutation(recordAndProcessAcdvs, [creditReportingKeys.reportingFiles()]);
}
