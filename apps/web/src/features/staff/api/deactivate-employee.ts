import { staffCalls, type ActionResponse, type EmployeeIdRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// PATCH staff/deactivate {employee_id}: locks a leaver out; every session ends at once.
export function deactivateEmployee(input: EmployeeIdRequest): Promise<ActionResponse> {
  return callApi(staffCalls.deactivateEmployee, { body: input });
}

export function useDeactivateEmployee({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deactivateEmployee> } = {}) {
  return useStaffAction(deactivateEmployee, mutationConfig);
}
