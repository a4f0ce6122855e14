import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { handleOfEmail, type Mention } from '@portal/contracts';
import { MentionText } from '../../../components/mention-text.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { flashError } from '../../../lib/flash.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { userPath } from '../../../lib/user-path.ts';
import { useMentions } from '../api/get-mentions.ts';
import { useMarkMentionsRead } from '../api/mark-mentions-read.ts';

function where(mention: Mention): string {
  return mention.note.ticket_id !== null ? `ticket #${mention.note.ticket_id}` : `customer #${mention.note.user_id}`;
}

type MentionItemProps = { mention: Mention; onOpen: (mention: Mention) => void; onRead: (id: number) => void };

function MentionItem({ mention, onOpen, onRead }: MentionItemProps) {
  const unread = mention.read_at === null;
  const { note } = mention;
  const customerLink = note.ticket_id !== null && note.user_id !== null ? userPath(note.user_id) : null;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="sm"
      bg={unread ? 'indigo.0' : undefined}
      style={{ listStyle: 'none' }}
      aria-label={`${unread ? 'Unread: ' : ''}${note.author.name} mentioned you on ${where(mention)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm">
            <Text span fw={600} fz="sm">
              {note.author.name}
            </Text>{' '}
            mentioned you on {where(mention)} · {formatDateTime(note.created_at)}
          </Text>
          {unread && (
            <Badge size="sm" color="indigo" variant="light">
              Unread
            </Badge>
          )}
        </Group>
        <MentionText text={note.body} mentions={note.mentions} />
        <Group gap="md">
          <Anchor component={Link} to={mention.link} fz="sm" onClick={() => onOpen(mention)}>
            {note.ticket_id !== null ? `Open ticket #${note.ticket_id}` : `Open customer #${note.user_id}`}
          </Anchor>
          {customerLink && (
            <Anchor component={Link} to={customerLink} fz="sm" onClick={() => onOpen(mention)}>
              Open customer #{note.user_id}
            </Anchor>
          )}
          {unread && (
            <Button size="compact-xs" variant="default" onClick={() => onRead(mention.id)}>
              Mark read
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

// The mentions inbox (issue 40): the notes that @mentioned me, newest first, unread ones marked;
// following a link marks the mention read.
export function MentionsInbox() {
  const session = useSession();
  const mentions = useMentions();
  const markRead = useMarkMentionsRead({
    mutationConfig: { onError: (error) => flashError(errorMessages(error).join(' ')) },
  });
  const list = mentions.data?.pages.flatMap((page) => page.mentions) ?? [];
  const unreadIds = list.filter((mention) => mention.read_at === null).map((mention) => mention.id);
  const unread = mentions.data?.pages[0]?.unread ?? 0;
  const read = (ids: number[]) => {
    if (ids.length > 0) markRead.mutate({ ids });
  };

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz={24}>
            Mentions
          </Title>
          <Text fz="sm" c="dimmed">
            Notes in which colleagues wrote your handle
            {session ? (
              <>
                {' '}
                (<strong>@{handleOfEmail(session.email)}</strong>)
              </>
            ) : null}
            . {unread === 0 ? 'Nothing unread.' : `${unread} unread.`}
          </Text>
        </Stack>
        {unreadIds.length > 0 && (
          <Button size="xs" variant="default" loading={markRead.isPending} onClick={() => read(unreadIds)}>
            Mark all shown as read
          </Button>
        )}
      </Group>
      {mentions.isError && (
        <Alert color="red" variant="light">
          Your mentions could not be loaded: {errorMessages(mentions.error).join(' ')}
        </Alert>
      )}
      {mentions.isPending ? (
        <Text>Loading…</Text>
      ) : list.length === 0 ? (
        <Card withBorder radius="md" py="xl">
          <EmptyState
            title="No mentions yet"
            description="When a colleague writes your handle in an internal note, the note shows here."
          />
        </Card>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Mentions, newest first">
          {list.map((mention) => (
            <MentionItem
              key={mention.id}
              mention={mention}
              onOpen={(opened) => read(opened.read_at === null ? [opened.id] : [])}
              onRead={(id) => read([id])}
            />
          ))}
        </Stack>
      )}
      {mentions.hasNextPage && (
        <Group>
          <Button variant="default" loading={mentions.isFetchingNextPage} onClick={() => void mentions.fetchNextPage()}>
            Show older mentions
          </Button>
        </Group>
      )}
    </Stack>
  );
}
