import { customerCalls, type ActionResponse, type TakeMessageActionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useFlashedMutation } from '../../../lib/flashed-mutation.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/take_message_action {message_action, loan_id}: does what a suggested action proposes.
export function takeMessageAction(input: TakeMessageActionRequest): Promise<ActionResponse> {
  return callApi(customerCalls.takeMessageAction, { body: input });
}

export function useTakeMessageAction({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof takeMessageAction> } = {}) {
  return useFlashedMutation(takeMessageAction, mutationConfig);
}
