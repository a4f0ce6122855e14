import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { noteCalls, type ListNotesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { noteKeys, type NoteTarget } from './query-keys.ts';

// Colleagues write notes on the same ticket or customer meanwhile: asked again this often.
export const NOTES_POLL_MS = 60_000;

// GET ticket_notes {ticket_id | user_id, before}: the notes, newest first, a page at a time.
export function listNotes(target: NoteTarget, before: number | null, signal?: AbortSignal): Promise<ListNotesResponse> {
  return callApi(
    noteCalls.listNotes,
    {
      query: {
        ...('ticketId' in target ? { ticket_id: target.ticketId } : { user_id: target.userId }),
        ...(before === null ? {} : { before }),
      },
    },
    { signal },
  );
}

export function notesQueryOptions(target: NoteTarget) {
  return infiniteQueryOptions({
    queryKey: noteKeys.list(target),
    queryFn: ({ signal, pageParam }) => listNotes(target, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: 0,
    refetchInterval: NOTES_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotes(target: NoteTarget) {
  return useInfiniteQuery(notesQueryOptions(target));
}
