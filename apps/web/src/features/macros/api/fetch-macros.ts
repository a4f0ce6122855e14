import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMacrosResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { macroKeys } from '../../../lib/query-keys.ts';

type MacrosAnswer = ReturnType<typeof fetchMacrosResponse.parse>;

// GET fetch_macros: every macro and the tree grouped by tag.
export function fetchMacros(signal?: AbortSignal): Promise<MacrosAnswer> {
  return apiRequest('fetch_macros', { schema: fetchMacrosResponse, signal });
}

export const macrosQueryOptions = queryOptions({
  queryKey: macroKeys.all,
  queryFn: ({ signal }) => fetchMacros(signal),
  // Macros change rarely (the macro editor); five minutes keeps the dropdown instant.
  staleTime: 5 * 60_000,
});

export function useMacros() {
  return useQuery(macrosQueryOptions);
}
