import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditReportingCalls, type ReportingFilesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { creditReportingKeys } from './query-keys.ts';

// GET fcra/reporting_files: the recent files made for the bureaus, answered ACDVs waiting to be
// recorded and adjustments waiting for a correction file.
export function getReportingFiles(signal?: AbortSignal): Promise<ReportingFilesResponse> {
  return callApi(creditReportingCalls.reportingFiles, {}, { signal });
}

export function reportingFilesQueryOptions() {
  return queryOptions({
    queryKey: creditReportingKeys.reportingFiles(),
    queryFn: ({ signal }) => getReportingFiles(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useReportingFiles() {
  return useQuery(reportingFilesQueryOptions());
}
