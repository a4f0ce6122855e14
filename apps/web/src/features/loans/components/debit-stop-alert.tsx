import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { ONLY_COMPLIANCE_LIFTS_STOP, type DebitStop } from '@portal/contracts';
import { useSession } from '../../../lib/session.ts';

// Loaded when the dialog first opens: most cards have no stop, and the user page keeps to its
// weight budget (decision 040).
const DebitAuthorizationForm = lazy(async () => ({
  default: (await import('./debit-authorization-form.tsx')).DebitAuthorizationForm,
}));

// While a debit stop is in force (two failed withdrawals in a row, 12 CFR 1041.8(b), or an
// unauthorized return; decision 048) every card of the customer says why, as the server wrote it, and
// what lifts it. Recording the new authorization lifts a duty: only holders of customers.lift_duties
// (compliance) are offered it; the server refuses anyone else.
export function DebitStopAlert({ stop }: { stop: DebitStop }) {
  const [opened, setOpened] = useState(false);
  const mayLift = useSession()?.permissions.includes('customers.lift_duties') ?? false;
  return (
    <>
      <Alert color="red" variant="light" p={6} title="Automatic debits stopped">
        <Stack gap={4} align="flex-start">
          <Text fz="xs">
            {stop.reason} {ONLY_COMPLIANCE_LIFTS_STOP}
          </Text>
          {stop.notice_required && stop.notice_message_id === null && (
            <Text fz="xs">
              The consumer-rights notice could not be emailed (no email address on file): send it by mail.
            </Text>
          )}
          {mayLift && (
            <Button size="compact-xs" variant="light" color="red" onClick={() => setOpened(true)}>
              Record new authorization
            </Button>
          )}
        </Stack>
      </Alert>
      {mayLift && (
        <Modal opened={opened} onClose={() => setOpened(false)} title="New authorization of automatic debits" centered>
          {opened && (
            <Suspense fallback={<Loader size="sm" aria-label="Loading the form" />}>
              <DebitAuthorizationForm stop={stop} onClose={() => setOpened(false)} />
            </Suspense>
          )}
        </Modal>
      )}
    </>
  );
}
