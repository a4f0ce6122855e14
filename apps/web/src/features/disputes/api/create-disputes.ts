import { disputeCalls, type CreateDisputesResponse } from '@portal/contracts';
import { uploadFiles } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { disputeKeys } from './query-keys.ts';

export type DisputeUpload = { files: readonly File[]; receivedOn: string };

// POST disputes_dashboard/create_disputes (multipart, files[] repeated, and the day the letters
// were received in received_on): one dispute per PDF. The answer names the files that could not be
// read; when none could, or the date is wrong, the call is refused (4xx) with failed_files in the
// error's details.
export function createDisputes({ files, receivedOn }: DisputeUpload): Promise<CreateDisputesResponse> {
  return uploadFiles(disputeCalls.createDisputes, files, 'files[]', { fields: { received_on: receivedOn } });
}

export function useCreateDisputes() {
  return useRefreshingMutation(createDisputes, [disputeKeys.unresolvedLists()], 'settled');
}
