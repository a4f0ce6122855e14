import { useMutation } from '@tanstack/react-query';
import { creditReportingCalls, type ReportingFile } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

// GET fcra/reporting_files/:id: the file's bytes, fetched with the bearer header (a plain link
// would carry no token), then saved under the file's name.
export async function downloadReportingFile(file: Pick<ReportingFile, 'id' | 'file_name'>): Promise<void> {
  saveBlob(await callApi(creditReportingCalls.reportingFile, { params: { id: file.id } }), file.file_name);
}

export function useDownloadReportingFile() {
  return useMutation({ mutationFn: downloadReportingFile });
}
