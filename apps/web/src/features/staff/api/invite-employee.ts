import { staffCalls, type SetPasswordLinkResponse, type InviteEmployeeRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// POST staff/invite {email, name, roles}: the employee, and a one-time set-password link (emailed, and answered).
export function inviteEmployee(input: InviteEmployeeRequest): Promise<SetPasswordLinkResponse> {
  return callApi(staffCalls.inviteEmployee, { body: input });
}

export function useInviteEmployee({ mutationConfig }: { mutationConfig?: MutationConfig<typeof inviteEmployee> } = {}) {
  // The dialog shows the answer with the link.
  return useStaffAction(inviteEmployee, mutationConfig, { flashAnswer: false });
}
