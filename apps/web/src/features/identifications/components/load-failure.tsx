import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';

type LoadFailureProps = {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
};

// The list could not be read: the server's words, and a way to ask again.
export function LoadFailure({ error, retrying, onRetry }: LoadFailureProps) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <Stack gap="sm">
      {!dismissed && (
        <ErrorAlert
          title="The identifications could not be loaded"
          errors={errorMessages(error)}
          onClose={() => setDismissed(true)}
        />
      )}
      <Group>
        <Button variant="light" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Stack>
  );
}
