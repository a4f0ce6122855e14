import { staffCalls, type SetPasswordLinkResponse, type EmployeeIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// POST staff/resend_invite {employee_id}: a new link for someone who has not set a password; older links stop working.
export function resendInvitation(input: EmployeeIdRequest): Promise<SetPasswordLinkResponse> {
  return callApi(staffCalls.resendInvitation, { body: input });
}

export function useResendInvitation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof resendInvitation> } = {}) {
  // The dialog shows the answer with the link.
  return useStaffAction(resendInvitation, mutationConfig, { flashAnswer: false });
}
