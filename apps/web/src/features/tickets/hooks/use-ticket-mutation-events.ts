import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { ticketKeys } from '../api/query-keys.ts';
import { recordTicketError } from '../ticket-errors.ts';

// What the ticket screen hands the panels of other features (loans, customers, replies): after a
// change the ticket, which carries the customer, loans and payments, is fetched again (awaited, so a
// dialog closes on the new figures); a failure goes to the ticket's error strip (spec 000 section 8).
export function useTicketMutationEvents(ticketId: number): MutationEvents {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
      onError: (error: Error) => recordTicketError(ticketId, error),
    }),
    [queryClient, ticketId],
  );
}
