import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalCalls, type ApprovalsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// Four eyes (issue 41): the approvals inbox, its count for the navbar, and the decisions.
export const APPROVALS_QUERY_KEY = ['approvals'] as const;
// The badge's count stays fresh while nobody is deciding: a minute is soon enough for work that
// waits up to 72 hours.
const APPROVALS_POLL_MS = 60_000;

// GET approvals: the actions waiting for a second employee, oldest first, and how many.
export function getApprovals(signal?: AbortSignal): Promise<ApprovalsResponse> {
  return callApi(approvalCalls.listApprovals, {}, { signal });
}

export function approvalsQueryOptions() {
  return queryOptions({
    queryKey: APPROVALS_QUERY_KEY,
    queryFn: ({ signal }) => getApprovals(signal),
    staleTime: 0,
    refetchInterval: APPROVALS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useApprovals(options: { enabled?: boolean } = {}) {
  return useQuery({ ...approvalsQueryOptions(), enabled: options.enabled ?? true });
}

// POST approvals/:id/approve: the action carried out.
export function approveAction(id: number) {
  return callApi(approvalCalls.approve, { params: { id } });
}

// POST approvals/:id/reject {note}: nothing changes; the reason is kept.
export function rejectAction(input: { id: number; note: string }) {
  return callApi(approvalCalls.reject, { params: { id: input.id }, body: { note: input.note } });
}

// Either decision refreshes the inbox (and the badge's count).
export function useApproveAction({ mutationConfig }: { mutationConfig?: MutationConfig<typeof approveAction> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: approveAction,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY });
      await onSuccess?.(...args);
    },
  });
}

export function useRejectAction({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectAction> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: rejectAction,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY });
      await onSuccess?.(...args);
    },
  });
}
