import { useMutation } from '@tanstack/react-query';
import { ssnCalls, type UpdateSsnRequest, type UpdateSsnResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/update_ssn {user_id, ssn, force}: answers {message, ssn_last4}. The form shows the
// answer itself; the caller's onSuccess refreshes what shows the last four.
export function updateSsn(input: UpdateSsnRequest): Promise<UpdateSsnResponse> {
  return callApi(ssnCalls.updateSsn, { body: input });
}

export function useUpdateSsn({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateSsn> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: updateSsn });
}
