import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { noteCalls, recordTopic, type ListNotesResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval, useLiveRefetch } from '../../../lib/use-live.ts';
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

// A note added by anyone is a change of its ticket or customer on the live stream (decision 063):
// the list is refetched then, and polled only while the stream is down.
export function useNotes(target: NoteTarget) {
  useLiveRefetch(
    ['ticketId' in target ? recordTopic('ticket', target.ticketId) : recordTopic('customer', target.userId)],
    [noteKeys.list(target)],
  );
  const refetchInterval = useLivePollInterval(NOTES_POLL_MS);
  return useInfiniteQuery({ ...notesQueryOptions(target), refetchInterval });
}
