import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls, type StaffListResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const staffKeys = {
  all: ['staff'] as const,
  list: () => ['staff', 'list'] as const,
  sessions: (employeeId: number) => ['staff', 'sessions', employeeId] as const,
};

// GET staff/employees: every employee with roles, MFA, last sign-in and sessions; and the roles.
export function getStaff(signal?: AbortSignal): Promise<StaffListResponse> {
  return callApi(staffCalls.listStaff, {}, { signal });
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: staffKeys.list(), queryFn: ({ signal }) => getStaff(signal), staleTime: 10_000 });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}
