import { staffCalls, type ActionResponse, type EmployeeIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// PATCH staff/reactivate {employee_id}: lets a deactivated employee sign in again.
export function reactivateEmployee(input: EmployeeIdRequest): Promise<ActionResponse> {
  return callApi(staffCalls.reactivateEmployee, { body: input });
}

export function useReactivateEmployee({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof reactivateEmployee> } = {}) {
  return useStaffAction(reactivateEmployee, mutationConfig);
}
