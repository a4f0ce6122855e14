import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditReportingCalls, type CorrectionFileResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { creditReportingKeys } from './query-keys.ts';

// POST cr_adj/correction_file: the Metro 2 correction file of every adjustment waiting for one.
export function generateCorrectionFile(): Promise<CorrectionFileResponse> {
  return callApi(creditReportingCalls.correctionFile);
}

export function useGenerateCorrectionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateCorrectionFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditReportingKeys.reportingFiles() }),
  });
}
