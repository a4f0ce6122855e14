import { staffCalls, type ActionResponse, type EmployeeIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// PATCH staff/reset_mfa {employee_id}: MFA off (they enrol again); their sessions end.
export function resetMfa(input: EmployeeIdRequest): Promise<ActionResponse> {
  return callApi(staffCalls.resetMfa, { body: input });
}

export function useResetMfa({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resetMfa> } = {}) {
  return useStaffAction(resetMfa, mutationConfig);
}
