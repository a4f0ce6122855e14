import { Stack } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { recordTopic, type LiveRecordKind } from '@portal/contracts';
import { useLiveWatch } from '../lib/use-live.ts';
import { ChangedBanner } from './changed-banner.tsx';
import { PresenceNote } from './presence-note.tsx';

// A record on screen, live (issue 40, decision 063): others see the employee on it, the employee
// sees who else is, and a change by someone else refetches the queries and says who made it.
export function LiveRecord({
  kind,
  id,
  noun,
  queryKeys,
}: {
  kind: LiveRecordKind;
  id: number;
  noun: string;
  queryKeys: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  const topic = recordTopic(kind, id);
  useLiveWatch([topic]);
  return (
    <Stack gap={4}>
      <PresenceNote topic={topic} noun={noun} />
      <ChangedBanner
        topics={[topic]}
        noun={noun}
        refresh={
          queryKeys.length === 0
            ? null
            : () => {
                for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
              }
        }
      />
    </Stack>
  );
}
