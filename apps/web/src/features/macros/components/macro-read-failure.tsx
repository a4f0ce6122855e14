import { Alert, Button, Text } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';

type MacroReadFailureProps = { title: string; error: unknown; onRetry: () => void };

// A read of the macro editor that failed: the server's words, and a way to ask again.
export function MacroReadFailure({ title, error, onRetry }: MacroReadFailureProps) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Text fz="sm">{errorMessages(error).join(' ')}</Text>
      <Button size="xs" variant="light" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
