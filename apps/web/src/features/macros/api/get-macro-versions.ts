import { queryOptions, useQuery } from '@tanstack/react-query';
import { macroCalls, type MacroVersionsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { macroKeys } from './query-keys.ts';

// GET macro_versions {title}: the macro's saved texts, newest first, with who saved each; 404 "That
// macro doesn't exist yet!" for an unknown title.
export function getMacroVersions(title: string, signal?: AbortSignal): Promise<MacroVersionsResponse> {
  return callApi(macroCalls.macroVersions, { query: { title } }, { signal });
}

export function macroVersionsQueryOptions(title: string) {
  return queryOptions({
    queryKey: macroKeys.versions(title),
    queryFn: ({ signal }) => getMacroVersions(title, signal),
    staleTime: 30_000,
  });
}

// Nothing to ask for a macro not saved yet (null).
export function useMacroVersions(title: string | null) {
  return useQuery({ ...macroVersionsQueryOptions(title ?? ''), enabled: title !== null });
}
