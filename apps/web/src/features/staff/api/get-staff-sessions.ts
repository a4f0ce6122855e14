import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls, type StaffSessionsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { staffKeys } from './get-staff.ts';

// GET staff/sessions {employee_id}: the employee's live sessions.
export function getStaffSessions(employeeId: number, signal?: AbortSignal): Promise<StaffSessionsResponse> {
  return callApi(staffCalls.listSessions, { query: { employee_id: employeeId } }, { signal });
}

export function staffSessionsQueryOptions(employeeId: number) {
  return queryOptions({
    queryKey: staffKeys.sessions(employeeId),
    queryFn: ({ signal }) => getStaffSessions(employeeId, signal),
    staleTime: 0,
  });
}

export function useStaffSessions(employeeId: number) {
  return useQuery(staffSessionsQueryOptions(employeeId));
}
