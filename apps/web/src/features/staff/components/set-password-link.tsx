import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { SetPasswordLinkResponse } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';

// What an invitation answered: whether the email is on its way (in the outbox, which sends it), and
// the link to hand over when it is not.
export function SetPasswordLink({ result, onDone }: { result: SetPasswordLinkResponse; onDone: () => void }) {
  const sent = result.message.includes('is emailed in a moment');
  return (
    <Stack gap="sm">
      <Alert color={sent ? 'teal' : 'yellow'} variant="light">
        {result.message}
      </Alert>
      <TextInput
        label="Set-password link"
        value={result.link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Text fz="xs" c="dimmed">
        Works once, until {formatDateTime(result.expires_at)}. Anyone with it can set the password: hand it only to the
        employee.
      </Text>
      <Group justify="flex-end">
        <CopyButton value={result.link}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
