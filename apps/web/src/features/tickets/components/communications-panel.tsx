import { useMemo } from 'react';
import { Badge, Button, Card, Collapse, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Ticket } from '@portal/contracts';
import { buildThread } from '../thread.ts';
import { MessageThread } from './message-thread.tsx';

// The expandable Communications panel (spec 000 section 2): open by default, it is what the agent reads first.
export function CommunicationsPanel({ ticket }: { ticket: Ticket }) {
  const [opened, { toggle }] = useDisclosure(true);
  const thread = useMemo(() => buildThread(ticket), [ticket]);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" mb={opened ? 'xs' : 0}>
        <Group gap="xs">
          <Title order={2} fz="md">
            Communications
          </Title>
          <Badge size="sm" variant="light" color="gray">
            {thread.length}
          </Badge>
        </Group>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={toggle} aria-expanded={opened}>
          {opened ? 'Collapse' : 'Expand'}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <MessageThread messages={thread} />
      </Collapse>
    </Card>
  );
}
