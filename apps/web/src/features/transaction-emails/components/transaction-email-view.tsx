import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { TRANSACTION_EMAIL_ERROR } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTransactionEmail } from '../api/get-transaction-email.ts';

type TransactionEmailViewProps = { userId: number; emailKey: string; onBack: () => void };

function Header({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text fz="xs" c="dimmed" w={56} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

// One email as it was sent. Its body is the server's document in a frame sandboxed with nothing
// allowed (no script, its own origin, no pop-ups or navigation of this page), under the policy the
// document carries: whatever the email holds, no script of it runs.
export function TransactionEmailView({ userId, emailKey, onBack }: TransactionEmailViewProps) {
  const email = useTransactionEmail(userId, emailKey);
  const back = (
    <Button size="compact-sm" variant="subtle" onClick={onBack}>
      Back to the list
    </Button>
  );
  if (email.isPending) {
    return (
      <Stack gap="sm">
        <Group>{back}</Group>
        <Loader size="sm" aria-label="Loading the email" />
      </Stack>
    );
  }
  if (email.isError) {
    // The spec's sentence for any failure; the server's own words below it when they say more.
    const details = errorMessages(email.error).filter((message) => message !== TRANSACTION_EMAIL_ERROR);
    return (
      <Stack gap="sm">
        <Group>{back}</Group>
        <Alert color="red" variant="light" title={TRANSACTION_EMAIL_ERROR}>
          {details.length > 0 ? details.join(' ') : null}
        </Alert>
      </Stack>
    );
  }
  const { subject, from, to, date, srcdoc } = email.data;
  return (
    <Stack gap="sm">
      <Group>{back}</Group>
      <Stack gap={2}>
        <Header label="Subject" value={subject} />
        <Header label="From" value={from} />
        <Header label="To" value={to} />
        <Header label="Date" value={formatDateTime(date)} />
      </Stack>
      <Box
        component="iframe"
        title={`Email: ${subject}`}
        sandbox=""
        srcDoc={srcdoc}
        referrerPolicy="no-referrer"
        w="100%"
        h={480}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
      />
    </Stack>
  );
}
