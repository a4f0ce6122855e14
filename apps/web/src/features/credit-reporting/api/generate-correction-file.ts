import { creditReportingCalls, type CorrectionFileResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { creditReportingKeys } from './query-keys.ts';

// POST cr_adj/correction_file: the Metro 2 correction file of every adjustment waiting for one.
export function generateCorrectionFile(): Promise<CorrectionFileResponse> {
  return callApi(creditReportingCalls.correctionFile);
}

export function useGenerateCorrectionFile() {
  return useRefreshingMutation(generateCorrectionFile, [creditReportingKeys.reportingFiles()]);
}
