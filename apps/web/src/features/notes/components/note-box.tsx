import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { NOTE_MAX_LENGTH, type UnnotifiedMention } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { flash } from '../../../lib/flash.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { addNote, useAddNote } from '../api/add-note.ts';
import type { NoteTarget } from '../api/query-keys.ts';

type NoteBoxProps = { target: NoteTarget; mutationConfig?: MutationConfig<typeof addNote> };

// Where a note is written (issue 40): Add note (or Ctrl+Enter) sends it; the handles that notified
// nobody are listed back under the box until the next note.
export function NoteBox({ target, mutationConfig }: NoteBoxProps) {
  const [body, setBody] = useState('');
  const [notNotified, setNotNotified] = useState<UnnotifiedMention[]>([]);
  const add = useAddNote({ mutationConfig });
  const blank = body.trim() === '';
  const tooLong = body.trim().length > NOTE_MAX_LENGTH;

  function submit() {
    if (blank || tooLong || add.isPending) return;
    const where = 'ticketId' in target ? { ticket_id: target.ticketId } : { user_id: target.userId };
    add.mutate(
      { ...where, body },
      {
        onSuccess: (answer) => {
          setBody('');
          setNotNotified(answer.not_notified);
          flash(answer.message);
        },
      },
    );
  }

  return (
    <Stack gap={6}>
      <Textarea
        label="New internal note"
        description="Only staff see notes; the customer never does. Type @ and a colleague's handle (their email before the @) to notify them."
        placeholder="Write a note for your colleagues"
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            // The note's, not the page's: on a ticket Ctrl+Enter anywhere else sends the reply to
            // the customer (the reply box listens on the window).
            event.preventDefault();
            event.stopPropagation();
            submit();
          }
        }}
        autosize
        minRows={2}
        maxRows={8}
        error={tooLong ? `A note must be at most ${NOTE_MAX_LENGTH} characters.` : undefined}
      />
      <Group justify="space-between" gap="xs">
        <Text fz="xs" c="dimmed">
          Ctrl+Enter adds the note.
        </Text>
        <Button size="xs" onClick={submit} loading={add.isPending} disabled={blank || tooLong}>
          Add note
        </Button>
      </Group>
      {add.isError && (
        <Text fz="xs" c="red.8" role="alert">
          {errorMessages(add.error).join(' ')}
        </Text>
      )}
      {notNotified.length > 0 && (
        <Alert color="yellow" variant="light" title="Some handles notified nobody" role="status">
          <List size="sm" spacing={2}>
            {notNotified.map((mention) => (
              <List.Item key={mention.handle}>{mention.sentence}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
