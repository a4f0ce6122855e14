import { useMutation, useQueryClient } from '@tanstack/react-query';
import { macroCalls, type UpdateMacroRequest, type UpdateMacroResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { macroKeys } from './query-keys.ts';

// POST update_macro {title, body, tags, original_title}: creates the macro, saves the one of that
// title, or renames the one of original_title.
export function updateMacro(body: UpdateMacroRequest): Promise<UpdateMacroResponse> {
  return callApi(macroCalls.updateMacro, { body });
}

export function useUpdateMacro(mutationConfig: MutationConfig<typeof updateMacro> = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: updateMacro,
    onSuccess: async (...args) => {
      // The reply box's list (#title and the dropdown) and the history show the new text.
      await queryClient.invalidateQueries({ queryKey: macroKeys.all });
      await onSuccess?.(...args);
    },
  });
}
