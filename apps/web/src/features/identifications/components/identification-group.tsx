import { useState } from 'react';
import { Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { IdentificationCard as Identification } from '@portal/contracts';
import { IdentificationCard } from './identification-card.tsx';

type IdentificationGroupProps = {
  title: string;
  total: number;
  cards: readonly Identification[];
  defaultOpened: boolean;
  // The manual hold group: its customers are already held.
  held: boolean;
};

// One collapsible group of cards, titled with the server's count of all its cards (it lists at
// most IDENTIFICATIONS_GROUP_LIMIT). A closed group's cards are not drawn, so their images are not
// fetched until it is opened.
export function IdentificationGroup({ title, total, cards, defaultOpened, held }: IdentificationGroupProps) {
  const [opened, setOpened] = useState(defaultOpened);
  const heading = `${title} (${total})`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      {/* The accordion pattern: the heading holds the button that opens and closes the group. */}
      <Title order={3} fz="lg" m={0}>
        <UnstyledButton w="100%" fw={700} aria-expanded={opened} onClick={() => setOpened((current) => !current)}>
          <Group justify="space-between" wrap="nowrap" component="span">
            <span>{heading}</span>
            <Text component="span" c="dimmed" fz="sm" aria-hidden>
              {opened ? '▲' : '▼'}
            </Text>
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={opened} keepMounted={false}>
        <Stack gap="md" mt="md">
          {cards.length === 0 ? (
            <Text c="dimmed">No cases</Text>
          ) : (
            cards.map((card) => <IdentificationCard key={card.user_id} card={card} held={held} />)
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
