import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  identificationCalls,
  type CompleteIdentificationBody,
  type CompleteIdentificationResponse,
  type FetchIdentificationsResponse,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { identificationKeys } from './query-keys.ts';

// PATCH users/complete_identification {id: the card's user_id, decision, reason?}: the server's
// sentence about what was done, and the customer's verification code now.
export function completeIdentification(body: CompleteIdentificationBody): Promise<CompleteIdentificationResponse> {
  return callApi(identificationCalls.completeIdentification, { body });
}

function withoutCard(list: FetchIdentificationsResponse, userId: number): FetchIdentificationsResponse {
  const leave = (group: FetchIdentificationsResponse['regular']) => {
    const cards = group.cards.filter((card) => card.user_id !== userId);
    return { total: group.total - (group.cards.length - cards.length), cards };
  };
  return { regular: leave(list.regular), manual_hold: leave(list.manual_hold) };
}

// A decided card leaves at once, before the list is read again (a hold comes back in the manual
// group). The list is read again after a refusal too: a 409 means another reviewer decided first,
// so the card shown is out of date. The answer is not held back until that read is done.
export function useCompleteIdentification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeIdentification,
    onSuccess: (answer) => {
      queryClient.setQueryData<FetchIdentificationsResponse>(identificationKeys.list(), (list) =>
        list ? withoutCard(list, answer.user_id) : list,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: identificationKeys.list() });
    },
  });
}
