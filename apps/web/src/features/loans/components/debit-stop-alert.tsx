import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { NEW_AUTHORIZATION_NEEDED, type DebitStop } from '@portal/contracts';

// Loaded when the dialog first opens: most cards have no stop, and the user page keeps to its
// weight budget (decision 040).
const DebitAuthorizationForm = lazy(async () => ({
  default: (await import('./debit-authorization-form.tsx')).DebitAuthorizationForm,
}));

// While a failed-debit stop is in force (12 CFR 1041.8(b), decision 048) every card of the
// customer says why, as the server wrote it, and offers to record the new authorization that lifts it.
export function DebitStopAlert({ stop }: { stop: DebitStop }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Alert color="red" variant="light" p={6} title="Automatic debits stopped">
        <Stack gap={4} align="flex-start">
          <Text fz="xs">
            {stop.reason} {NEW_AUTHORIZATION_NEEDED}
          </Text>
          {stop.notice_message_id === null && (
            <Text fz="xs">
              The consumer-rights notice could not be emailed (no email address on file): send it by mail.
            </Text>
          )}
          <Button size="compact-xs" variant="light" color="red" onClick={() => setOpened(true)}>
            Record new authorization
          </Button>
        </Stack>
      </Alert>
      <Modal opened={opened} onClose={() => setOpened(false)} title="New authorization of automatic debits" centered>
        {opened && (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
            <DebitAuthorizationForm stop={stop} onClose={() => setOpened(false)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
