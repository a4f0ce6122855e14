import { Center, Loader, Stack, Title } from '@mantine/core';
import { useIdentifications } from '../api/get-identifications.ts';
import { IdentificationGroup } from './identification-group.tsx';
import { LoadFailure } from './load-failure.tsx';

// /identifications (spec 001 sections 2, 3, 4): the customers whose identity documents wait for a
// decision, the regular cases open and the manual hold cases closed.
export function IdentificationsDashboard() {
  const list = useIdentifications();
  return (
    <Stack gap="md">
      <Title order={2}>Identifications</Title>
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
