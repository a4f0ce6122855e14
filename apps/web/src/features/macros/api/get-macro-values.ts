import { queryOptions } from '@tanstack/react-query';
import { macroCalls, type MacroValuesQuery, type MacroValuesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { macroKeys } from './query-keys.ts';

// GET macro_values {ticket_id} or {user_id}: the values of the account's and the employee's macro
// variables, and why any is missing (decision 061).
export function getMacroValues(query: MacroValuesQuery, signal?: AbortSignal): Promise<MacroValuesResponse> {
  return callApi(macroCalls.macroValues, { query }, { signal });
}

// Read afresh each time a macro is inserted (staleTime 0): the account as it is now, a payment
// just moved or a payoff just scheduled included. The screen calls queryClient.fetchQuery with it.
export function macroValuesQueryOptions(query: MacroValuesQuery) {
  return queryOptions({
    queryKey: macroKeys.values(query),
    queryFn: ({ signal }) => getMacroValues(query, signal),
    staleTime: 0,
  });
}
