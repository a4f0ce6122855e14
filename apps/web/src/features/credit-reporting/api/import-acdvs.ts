import { creditReportingCalls, type AcdvImportResponse } from '@portal/contracts';
import { uploadFiles } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { creditReportingKeys } from './query-keys.ts';

// POST fcra/import_acdvs (multipart, files[] repeated): ACDV request files, JSON or CSV
// (docs/acdv-import.md). A file refused as a whole is named in failed_files.
export function importAcdvs(files: readonly File[]): Promise<AcdvImportResponse> {
  return uploadFiles(creditReportingCalls.importAcdvs, files, 'files[]');
}

export function useImportAcdvs() {
  // New requests may be waiting: the screen asks again (an empty state becomes a request).
  return useRefreshingMutation(
    importAcdvs,
    [creditReportingKeys.acdvRequests(), creditReportingKeys.reportingFiles()],
    'settled',
  );
}
