import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionCalls, type CurrentSessionResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { sessionChangeCount, updateSessionUnlessChangedSince } from '../../../lib/session.ts';

// GET employees/session: the stored session's fields as the server sees them now. Only a fresh
// answer updates the stored session (never a cached one), and only when nothing changed it here while
// the call ran, so it cannot undo a toggle made meanwhile.
export async function getCurrentSession(signal?: AbortSignal): Promise<CurrentSessionResponse> {
  const seen = sessionChangeCount();
  const session = await callApi(sessionCalls.getCurrentSession, {}, { signal });
  updateSessionUnlessChangedSince(seen, session);
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
