import { disputeCalls, type CreateDisputesResponse } from '@portal/contracts';
import { uploadFiles } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { disputeKeys } from './query-keys.ts';

// POST disputes_dashboard/create_disputes (multipart, files[] repeated): one dispute per PDF. The
// answer names the files that could not be read; when none could, the call is refused (4xx) with
// failed_files in the error's details.
export function createDisputes(files: readonly File[]): Promise<CreateDisputesResponse> {
  return uploadFiles(disputeCalls.createDisputes, files);
}

export function useCreateDisputes() {
  return useRefreshingMutation(createDisputes, [disputeKeys.unresolvedLists()], 'settled');
}
