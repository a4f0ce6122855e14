import { staffCalls, type ActionResponse, type UpdateRolesRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// PATCH staff/roles {employee_id, roles}: replaces the employee's roles; live sessions get the new permissions.
export function updateRoles(input: UpdateRolesRequest): Promise<ActionResponse> {
  return callApi(staffCalls.updateRoles, { body: input });
}

export function useUpdateRoles({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateRoles> } = {}) {
  return useStaffAction(updateRoles, mutationConfig);
}
