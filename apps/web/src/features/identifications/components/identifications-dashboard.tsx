import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { LIVE_MAX_TOPICS, recordTopic } from '@portal/contracts';
import { useLiveEvents, useLiveWatch } from '../../../lib/use-live.ts';
import { useIdentifications } from '../api/get-identifications.ts';
import { IdentificationGroup } from './identification-group.tsx';
import { LoadFailure } from './load-failure.tsx';

// /identifications (spec 001 sections 2, 3, 4): the customers whose identity documents wait for a
// decision, the regular cases open and the manual hold cases closed.
// Other reviewers decide cards meanwhile: the live stream says so (decision 063), and the board is
// refreshed when the reviewer chooses, so a card being read does not vanish from under them.
export function IdentificationsDashboard() {
  const list = useIdentifications();
  const [changed, setChanged] = useState(false);
  // The queue, and each card listed, to show who is deciding it (within the stream's topics, with
  // the mentions badge's).
  const cardTopics = [...(list.data?.regular.cards ?? []), ...(list.data?.manual_hold.cards ?? [])]
    .slice(0, LIVE_MAX_TOPICS - 2)
    .map((card) => recordTopic('identity_review', card.review_id));
  useLiveWatch([], ['queue:identity_reviews', ...cardTopics]);
  useLiveEvents(['queue:identity_reviews'], () => setChanged(true));
  return (
    <Stack gap="md">
      <Title order={2}>Identifications</Title>
      <div aria-live="polite">
        {changed && (
          <Alert color="blue" variant="light" data-testid="identifications-changed">
            <Group justify="space-between">
              <Text fz="sm">Other reviewers changed these cards.</Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setChanged(false);
                  void list.refetch();
                }}
              >
                Show the latest cards
              </Button>
            </Group>
          </Alert>
        )}
      </div>
      {list.data ? (
        <>
          <IdentificationGroup
            title="Regular Cases"
            total={list.data.regular.total}
            cards={list.data.regular.cards}
            defaultOpened
            held={false}
          />
          <IdentificationGroup
            title="Manual Hold Cases"
            total={list.data.manual_hold.total}
            cards={list.data.manual_hold.cards}
            defaultOpened={false}
            held
          />
        </>
      ) : list.isError ? (
        <LoadFailure error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading identifications" />
        </Center>
      )}
    </Stack>
  );
}
