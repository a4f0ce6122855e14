import { useRef, useState } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { SEND_GUARD_MS, findUnfilledPlaceholders, type MessagePurpose } from '@portal/contracts';
import { ContactVerdictLine, PurposePicker } from '../../../components/contact-verdict.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { newComposeKey } from '../../../lib/compose-key.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { originateMessage, useOriginateMessage } from '../api/originate-message.ts';

type MessageComposerProps = {
  userId: number;
  mutationConfig?: MutationConfig<typeof originateMessage>;
};

// The user page's composer (spec 000 section 2): an email or a text to the customer, in a new
// thread or their open one, tagged collection or servicing, with the contact gate's verdict under
// it before Send (decision 046). Send has the reply box's double-click guard, stays disabled while a
// macro's {placeholder} is left in the message, and sends one Idempotency-Key per message (the
// same on a retry), so a retry after a lost answer never sends the customer a second copy.
export function MessageComposer({ userId, mutationConfig }: MessageComposerProps) {
  const [type, setType] = useState<'email' | 'text'>('email');
  const [thread, setThread] = useState<'new' | 'existing'>('new');
  const [purpose, setPurpose] = useState<MessagePurpose>('servicing');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lastSendAt = useRef(0);
  // The key belongs to this customer's message: another customer's page starts a new one.
  const composeKey = useRef({ userId, key: newComposeKey() });
  const send = useOriginateMessage({ mutationConfig });

  const leftToFill = findUnfilledPlaceholders(message);

  function submit() {
    // A {placeholder} left: Send is disabled, and this is no click for the guard either.
    if (leftToFill.length > 0) return;
    // A click stopped by a missing field sends nothing, so it does not start the double-click
    // guard: the corrected message goes at once on the next click.
    if (type === 'email' && subject.trim() === '') return setProblem('Please enter a subject for the email.');
    if (message.trim() === '') return setProblem('Please enter a message.');
    const now = Date.now();
    if (now - lastSendAt.current < SEND_GUARD_MS) return;
    lastSendAt.current = now;
    setProblem(null);
    if (composeKey.current.userId !== userId) composeKey.current = { userId, key: newComposeKey() };
    send.mutate(
      {
        user_id: userId,
        message_type: type,
        subject: type === 'email' ? subject : null,
        message,
        thread,
        purpose,
        idempotencyKey: composeKey.current.key,
      },
      {
        onSuccess: () => {
          // The guard is against a double click on one message: the next one is a new message and
          // goes at its first click, however soon (a refused one, DNC say, is said at once).
          lastSendAt.current = 0;
          composeKey.current = { userId, key: newComposeKey() };
          setSubject('');
          setMessage('');
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={3} fz="sm" mb="xs">
        New message
      </Title>
      <Stack gap="xs">
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label="Channel"
            value={type}
            onChange={(value) => setType(value as 'email' | 'text')}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'text', label: 'Text' },
            ]}
          />
          <SegmentedControl
            size="xs"
            aria-label="Thread"
            value={thread}
            onChange={(value) => setThread(value as 'new' | 'existing')}
            data={[
              { value: 'new', label: 'New thread' },
              { value: 'existing', label: 'Existing thread' },
            ]}
          />
          <PurposePicker value={purpose} onChange={setPurpose} />
        </Group>
        {type === 'email' && (
          <TextInput
            size="xs"
            label="Subject"
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
          />
        )}
        <Textarea
          size="xs"
          label="Message"
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          autosize
          minRows={3}
        />
        {leftToFill.length > 0 && (
          <Text fz="xs" c="red.9" id={`composer-unfilled-${userId}`}>
            Still to fill in: {leftToFill.join(', ')}
          </Text>
        )}
        {(problem || send.isError) && (
          <Text fz="xs" c="red" role="alert">
            {problem ?? errorMessages(send.error).join(' ')}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <ContactVerdictLine id={`composer-verdict-${userId}`} query={{ user_id: userId, channel: type, purpose }} />
          <Button
            size="xs"
            ml="auto"
            onClick={submit}
            loading={send.isPending}
            disabled={leftToFill.length > 0}
            aria-describedby={leftToFill.length > 0 ? `composer-unfilled-${userId}` : `composer-verdict-${userId}`}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
