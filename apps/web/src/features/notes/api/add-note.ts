import { useMutation, useQueryClient } from '@tanstack/react-query';
import { noteCalls, type AddNoteRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { noteKeys } from './query-keys.ts';

// POST ticket_notes {ticket_id | user_id, body}: an internal note, never sent to the customer.
export function addNote(input: AddNoteRequest) {
  return callApi(noteCalls.addNote, { body: input });
}

// The notes shown anywhere are fetched again, then the caller's onSuccess runs (the screen refreshes
// what else shows the note, such as the customer's timeline).
export function useAddNote({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addNote> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: addNote,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: noteKeys.all });
      await onSuccess?.(...args);
    },
  });
}
