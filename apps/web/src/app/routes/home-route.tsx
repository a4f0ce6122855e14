import { Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { OnlineToggle } from '../../features/presence/components/online-toggle.tsx';
import { useSession } from '../../lib/session.ts';

// Home: the ticket workspace. The queue is worked only while online (spec 000 section 4).
export function HomeRoute() {
  const online = useSession()?.online ?? false;
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} fz={24}>
        Dashboard
      </Title>
      <Paper withBorder radius="md" px="lg" py="sm">
        <Group gap="xl">
          <OnlineToggle />
        </Group>
      </Paper>
      {online ? (
        <Card withBorder radius="md" padding="xl">
          <Text c="dimmed">The ticket workspace is not available yet.</Text>
        </Card>
      ) : (
        <Text c="dimmed">You are offline. Go online to start working the ticket queue.</Text>
      )}
    </Stack>
  );
}
