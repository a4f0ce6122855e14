import { Alert, Button, Card, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { ApiError, errorMessages } from '../../../lib/api-error.ts';

// The survey screens' loading, error and empty states.

export function SurveyLoading({ label }: { label: string }) {
  return (
    <Center mih={200}>
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed" role="status">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

type SurveyErrorProps = { title: string; error: unknown; onRetry: () => void };

// A 404 (an unknown survey or user) says so; it is not worth trying again. Anything else offers to.
export function SurveyError({ title, error, onRetry }: SurveyErrorProps) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert color={missing ? 'yellow' : 'red'} variant="light" title={missing ? 'Not found' : title}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{errorMessages(error).join(' ')}</Text>
        {!missing && (
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function SurveyEmpty({ title, description }: { title: string; description?: string }) {
  return (
    <Card withBorder radius="md" p="xl">
      <EmptyState size="sm" title={title} description={description} />
    </Card>
  );
}
