import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionCalls, type CurrentSessionResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session.ts';

// GET employees/session: the stored session's fields as the server sees them now. Only a fresh
// answer updates the stored session (never a cached one), so it cannot undo a later toggle.
export async function getCurrentSession(signal?: AbortSignal): Promise<CurrentSessionResponse> {
  const session = await callApi(sessionCalls.getCurrentSession, {}, { signal });
  updateSession(session);
  return session;
}

export const currentSessionQueryOptions = queryOptions({
  queryKey: ['employees', 'session'],
  queryFn: ({ signal }) => getCurrentSession(signal),
  staleTime: Infinity,
});

// Called once the app starts with a stored session; a 401 signs out with the expired message.
export function useRefreshSession() {
  return useQuery(currentSessionQueryOptions);
}
