import { bankruptcyNoticeCalls, type CreateNoticesResponse } from '@portal/contracts';
import { uploadFiles } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { noticeKeys } from './query-keys.ts';

// POST bankruptcy_notices/create_notices (multipart, files[] repeated): each PDF becomes a notice,
// read as it comes; the files that could not be taken are named in failed_files.
export function createNotices(files: readonly File[]): Promise<CreateNoticesResponse> {
  return uploadFiles(bankruptcyNoticeCalls.createNotices, files, 'files[]');
}

export function useCreateNotices() {
  // Even a refusal may have taken some files before it: the list is read again either way.
  return useRefreshingMutation(createNotices, [noticeKeys.unprocessed()], 'settled');
}
