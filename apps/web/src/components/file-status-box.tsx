import { Center, Loader, Paper, Text } from '@mantine/core';

// Where an API file (a PDF, a photo) shows once ready: meanwhile a loader, or, when it could not be
// loaded, why (message).
export function FileStatusBox({
  minHeight,
  loadingLabel,
  message,
}: {
  minHeight: number;
  loadingLabel: string;
  message: string | null;
}) {
  if (message === null)
    return (
      <Paper withBorder mih={minHeight}>
        <Center mih={minHeight}>
          <Loader size="sm" aria-label={loadingLabel} />
        </Center>
      </Paper>
    );
  return (
    <Paper withBorder mih={minHeight} p="xl">
      <Center mih={minHeight - 48}>
        <Text c="red" role="alert">
          {message}
        </Text>
      </Center>
    </Paper>
  );
}
