import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { achCalls, type AchFile } from '@portal/contracts';
import { callApi, uploadFiles } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

// The ACH files and the bank's return files (issue 41): built, listed, downloaded, imported.
const achKeys = {
  files: ['ach', 'files'] as const,
  returns: ['ach', 'returns'] as const,
};

export function useAchFiles() {
  return useQuery({ queryKey: achKeys.files, queryFn: ({ signal }) => callApi(achCalls.listFiles, {}, { signal }) });
}

export function useReturnFiles(enabled: boolean) {
  return useQuery({
    queryKey: achKeys.returns,
    queryFn: ({ signal }) => callApi(achCalls.listReturnFiles, {}, { signal }),
    enabled,
  });
}

// POST ach/files: the day's file built (the debits due pass the door; refunds go as credits).
export function useBuildAchFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(achCalls.buildFile, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: achKeys.files }),
  });
}

// GET ach/files/:id: the NACHA text, fetched with the bearer header, saved under the file's name.
export async function downloadAchFile(file: Pick<AchFile, 'id' | 'file_name'>): Promise<void> {
  saveBlob(await callApi(achCalls.downloadFile, { params: { id: file.id } }), file.file_name);
}

export function useDownloadAchFile() {
  return useMutation({ mutationFn: downloadAchFile });
}

// POST ach/returns: the bank's return file (one), each return recorded on its payment.
export function useImportReturns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFiles(achCalls.importReturns, [file]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: achKeys.returns }),
  });
}
