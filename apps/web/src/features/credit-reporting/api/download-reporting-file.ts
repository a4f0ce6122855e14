import { useMutation } from '@tanstack/react-query';
import { creditReportingCalls, type ReportingFile } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// How long the handed-over object URL stays valid: enough for the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

// GET fcra/reporting_files/:id: the file's bytes, fetched with the bearer header (a plain link
// would carry no token), then saved under the file's name.
export async function downloadReportingFile(file: Pick<ReportingFile, 'id' | 'file_name'>): Promise<void> {
  const blob = await callApi(creditReportingCalls.reportingFile, { params: { id: file.id } });
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.file_name;
  link.click();
}

export function useDownloadReportingFile() {
  return useMutation({ mutationFn: downloadReportingFile });
}
