import { useState } from 'react';
import { Badge, Box, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Message } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { isAged } from '../thread.ts';
import { RawMessage } from './raw-message.tsx';

const channelLabels: Record<Message['type'], string> = { text: 'Text', email: 'Email', notification: 'Notification' };

// A queued message that failed is being retried by the outbox (decision 019).
export function isRetrying(message: Message): boolean {
  return message.status === 'queued' && message.attempts > 0 && message.error !== null;
}

function StatusBadge({ message }: { message: Message }) {
  if (isRetrying(message)) {
    return (
      <Tooltip
        label={`${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'} so far; it is sent again automatically.`}
      >
        <Badge size="xs" variant="light" color="orange">
          Retrying
        </Badge>
      </Tooltip>
    );
  }
  if (message.status === 'queued' && message.held_until) {
    // Held by the contact gate (decision 046); the words say it, not the colour alone.
    return (
      <Tooltip label="Held for the customer's quiet hours (8 am to 9 pm their time); the outbox sends it then.">
        <Badge size="xs" variant="light" color="orange" tt="none">
          Held until {formatDateTime(message.held_until)} (your time)
        </Badge>
      </Tooltip>
    );
  }
  if (message.status === 'queued') {
    return (
      <Tooltip label="No provider has sent it yet; it waits in the outbox.">
        <Badge size="xs" variant="light" color="yellow">
          In outbox
        </Badge>
      </Tooltip>
    );
  }
  if (message.status === 'undelivered') {
    return (
      <Badge size="xs" variant="filled" color="red">
        Undelivered
      </Badge>
    );
  }
  return null;
}

// One message of the thread: the customer's on the left, ours on the right (spec 000 section 3).
export function MessageItem({ message, now }: { message: Message; now: number }) {
  const [showRaw, setShowRaw] = useState(false);
  const inbound = message.inbound;
  const author = inbound ? 'Customer' : (message.employee_name ?? 'Portal');
  const aged = isAged(message.created_at, now);
  // The source as it arrived (MIME, SMS payload) exists only for what the customer sent.
  const canShowRaw = inbound && message.type !== 'notification';

  return (
    <Box
      component="li"
      style={{ listStyle: 'none', display: 'flex', justifyContent: inbound ? 'flex-start' : 'flex-end' }}
      aria-label={`${inbound ? 'Inbound' : 'Outbound'} ${channelLabels[message.type].toLowerCase()} from ${author}, ${formatDateTime(message.created_at)}`}
    >
      <Paper
        px="sm"
        py={8}
        maw="88%"
        radius="md"
        withBorder
        bg={inbound ? 'white' : 'indigo.0'}
        style={{ borderColor: inbound ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-indigo-2)' }}
      >
        <Stack gap={4}>
          <Group gap={6} wrap="wrap">
            <Text fz="xs" fw={600} c={inbound ? 'dark.6' : 'indigo.8'}>
              {author}
            </Text>
            <Badge size="xs" variant="default" radius="sm">
              {channelLabels[message.type]}
            </Badge>
            <Text fz="xs" c="dimmed">
              {formatDateTime(message.created_at)}
            </Text>
            {aged && (
              <Badge size="xs" variant="light" color="orange">
                Aged
              </Badge>
            )}
            {message.auto_response && (
              <Tooltip label="Sent by the Portal on its own: the conversation opened outside business hours.">
                <Badge size="xs" variant="light" color="gray">
                  Auto-response
                </Badge>
              </Tooltip>
            )}
            {!inbound && <StatusBadge message={message} />}
            {canShowRaw && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                fz={11}
                px={4}
                ml="auto"
                onClick={() => setShowRaw((value) => !value)}
                aria-expanded={showRaw}
              >
                {showRaw ? 'Hide raw' : 'Show raw'}
              </Button>
            )}
          </Group>
          {message.type === 'email' && message.subject && (
            <Text fz="sm" fw={600}>
              {message.subject}
            </Text>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.body}
          </Text>
          {message.status === 'undelivered' && message.error && (
            <Text fz="xs" c="red.8">
              Undelivered: {message.error}
            </Text>
          )}
          {isRetrying(message) && (
            <Text fz="xs" c="orange.8">
              Retrying (attempt {message.attempts} failed: {message.error})
            </Text>
          )}
          {showRaw && <RawMessage messageId={message.id} />}
        </Stack>
      </Paper>
    </Box>
  );
}
