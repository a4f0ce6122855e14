import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Note } from '@portal/contracts';
import { MentionText } from '../../../components/mention-text.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import type { addNote } from '../api/add-note.ts';
import { useNotes } from '../api/list-notes.ts';
import type { NoteTarget } from '../api/query-keys.ts';
import { NoteBox } from './note-box.tsx';

type NotesPanelProps = { target: NoteTarget; mutationConfig?: MutationConfig<typeof addNote> };

function NoteItem({ note, showTicket }: { note: Note; showTicket: boolean }) {
  return (
    <Stack component="li" gap={2} style={{ listStyle: 'none' }} py={6}>
      <Text fz="xs" c="dimmed">
        <Text span fz="xs" fw={600} c="dark.6">
          {note.author.name}
        </Text>
        {' · '}
        {formatDateTime(note.created_at)}
        {showTicket && note.ticket_id !== null ? ` · on ticket #${note.ticket_id}` : ''}
      </Text>
      <MentionText text={note.body} mentions={note.mentions} />
    </Stack>
  );
}

// The internal notes of a ticket or a customer (issue 40), newest first, and the box to add one. On
// a customer's page their tickets' notes show too, each saying which ticket it was written on.
export function NotesPanel({ target, mutationConfig }: NotesPanelProps) {
  const notes = useNotes(target);
  const list = notes.data?.pages.flatMap((page) => page.notes) ?? [];
  const headingId = 'ticketId' in target ? `notes-ticket-${target.ticketId}` : `notes-user-${target.userId}`;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="sm" id={headingId}>
          Internal notes
        </Title>
        <Badge size="sm" variant="light" color="gray" tt="none">
          Staff only
        </Badge>
      </Group>
      <Stack gap="xs">
        <NoteBox target={target} mutationConfig={mutationConfig} />
        {notes.isError && (
          <Alert color="red" variant="light">
            The notes could not be loaded: {errorMessages(notes.error).join(' ')}
          </Alert>
        )}
        {notes.isPending ? (
          <Text fz="sm" c="dimmed">
            Loading notes…
          </Text>
        ) : list.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No notes yet.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            p={0}
            m={0}
            aria-label="Internal notes, newest first"
            mah={360}
            style={{ overflowY: 'auto' }}
            // Scrolled by keyboard too, when long.
            tabIndex={0}
          >
            {list.map((note) => (
              <NoteItem key={note.id} note={note} showTicket={'userId' in target} />
            ))}
          </Stack>
        )}
        {notes.hasNextPage && (
          <Group>
            <Button
              size="xs"
              variant="default"
              loading={notes.isFetchingNextPage}
              onClick={() => void notes.fetchNextPage()}
            >
              Show older notes
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
