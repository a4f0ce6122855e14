import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { TIMELINE_KINDS, type TimelineKind } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { useCustomerTimeline } from '../api/get-customer-timeline.ts';
import { TimelineEntry } from './timeline-entry.tsx';
import { TimelineFilters } from './timeline-filters.tsx';

// The customer's history in one list (issue 40): messages, payments and returns, letters, disputes,
// internal notes and staff actions, newest first, narrowed by kind; "Load older" reads the next page.
export function CustomerTimeline({ userId }: { userId: number }) {
  const [kinds, setKinds] = useState<TimelineKind[]>([...TIMELINE_KINDS]);
  const timeline = useCustomerTimeline(userId, kinds);
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  const all = kinds.length === TIMELINE_KINDS.length;
  const headingId = `timeline-${userId}`;

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="md" id={headingId}>
          Timeline
        </Title>
        <TimelineFilters shown={kinds} onChange={setKinds} labelId={`${headingId}-kinds`} />
        {timeline.isError && (
          <Alert color="red" variant="light">
            The timeline could not be loaded: {errorMessages(timeline.error).join(' ')}
          </Alert>
        )}
        {timeline.isPending ? (
          <Text fz="sm" c="dimmed">
            Loading the timeline…
          </Text>
        ) : items.length === 0 && !timeline.isError ? (
          <Text fz="sm" c="dimmed">
            {all ? 'Nothing has happened on this account yet.' : 'Nothing of the kinds shown has happened yet.'}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap={4}
            p={0}
            m={0}
            aria-label="Customer timeline, newest first"
            aria-busy={timeline.isPlaceholderData || undefined}
            style={{ opacity: timeline.isPlaceholderData ? 0.6 : 1 }}
          >
            {items.map((item) => (
              <TimelineEntry key={item.key} item={item} />
            ))}
          </Stack>
        )}
        {timeline.hasNextPage && (
          <Group>
            <Button
              size="xs"
              variant="default"
              loading={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            >
              Load older
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
