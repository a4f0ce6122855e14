import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls, type StaffListResponse, type StaffView } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

export const staffKeys = {
  all: ['staff'] as const,
  list: (view: StaffView) => ['staff', 'list', view] as const,
  sessions: (employeeId: number) => ['staff', 'sessions', employeeId] as const,
};

// GET staff/employees {q, status, role, sort, page}: a page of the employees the filters keep, with
// roles, MFA, last sign-in and sessions; and every role.
export function getStaff(view: StaffView, signal?: AbortSignal): Promise<StaffListResponse> {
  return callApi(staffCalls.listStaff, { query: view }, { signal });
}

export function staffQueryOptions(view: StaffView) {
  return queryOptions({
    queryKey: staffKeys.list(view),
    queryFn: ({ signal }) => getStaff(view, signal),
    staleTime: 10_000,
    // The table stays while another page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useStaff(view: StaffView) {
  return useQuery(staffQueryOptions(view));
}
