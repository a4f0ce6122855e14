import { Paper, Stack, Text, Title } from '@mantine/core';

type PlaceholderRouteProps = { title: string };

// Screens of later issues: their name and a plain note, so every route in the table resolves.
export function PlaceholderRoute({ title }: PlaceholderRouteProps) {
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} fz={24}>
        {title}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed">This screen is not available yet.</Text>
      </Paper>
    </Stack>
  );
}
