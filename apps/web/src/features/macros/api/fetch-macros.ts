import { queryOptions, useQuery } from '@tanstack/react-query';
import { macroCalls, type FetchMacrosResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { macroKeys } from './query-keys.ts';

// GET fetch_macros: every macro and the tree grouped by tag.
export function fetchMacros(signal?: AbortSignal): Promise<FetchMacrosResponse> {
  return callApi(macroCalls.fetchMacros, {}, { signal });
}

export const macrosQueryOptions = queryOptions({
  queryKey: macroKeys.list(),
  queryFn: ({ signal }) => fetchMacros(signal),
  // Macros change rarely (the macro editor); five minutes keeps the dropdown instant.
  staleTime: 5 * 60_000,
});

export function useMacros() {
  return useQuery(macrosQueryOptions);
}
