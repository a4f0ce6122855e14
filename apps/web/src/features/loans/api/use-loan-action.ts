import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash } from '../../../lib/flash.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';

// Every account action answers {message}: it is flashed, and the ticket (which carries the loans and
// payments) is fetched again so the panels show the new state. Errors go to the ticket's error strip.
export function useLoanAction<Input>(ticketId: number, call: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async ({ message }) => {
      flash(message);
      await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
    },
    onError: (error) => recordTicketError(ticketId, error),
  });
}
