import { useEffect, useRef, useState } from 'react';
import { ScrollArea, Stack, Text } from '@mantine/core';
import type { Message } from '@portal/contracts';
import { MessageItem } from './message-item.tsx';

type MessageThreadProps = { messages: readonly Message[]; maxHeight?: number };

// The thread, scrolled to the newest message: that is what the agent answers.
export function MessageThread({ messages, maxHeight = 460 }: MessageThreadProps) {
  const viewport = useRef<HTMLDivElement>(null);
  // "Aged" is judged against the time the thread was opened, so it does not flicker while reading.
  const [now] = useState(() => Date.now());
  const newestId = messages.at(-1)?.id;

  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTo({ top: element.scrollHeight });
  }, [newestId]);

  if (messages.length === 0) {
    return (
      <Text fz="sm" c="dimmed" py="md" ta="center">
        No messages on this ticket.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={maxHeight} viewportRef={viewport} type="auto" offsetScrollbars>
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Message thread">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} now={now} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
