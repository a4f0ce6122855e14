import { useMutation } from '@tanstack/react-query';
import { customerCalls, type ActionResponse, type TakeMessageActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/take_message_action {message_action, loan_id}: does what a suggested action proposes.
export function takeMessageAction(input: TakeMessageActionRequest): Promise<ActionResponse> {
  return callApi(customerCalls.takeMessageAction, { body: input });
}

export function useTakeMessageAction({
  mutationConfig = {},
}: { mutationConfig?: MutationConfig<typeof takeMessageAction> } = {}) {
  const { onSuccess, ...config } = mutationConfig;
  return useMutation({
    ...config,
    mutationFn: takeMessageAction,
    onSuccess: async (...args) => {
      flash(args[0].message);
      await onSuccess?.(...args);
    },
  });
}
