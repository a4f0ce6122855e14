import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Loader, Popover, Stack, Table, Text, TextInput } from '@mantine/core';
import { validateUserField } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { addUserInfo, useAddUserInfo } from '../api/add-user-info.ts';
import { useEmailInfo } from '../api/email-info.ts';

type EmailsPopoverProps = { userId: number; mutationConfig?: MutationConfig<typeof addUserInfo> };

// Every address the customer has had (GET users/email_info), and adding one (POST users/add_info).
export function EmailsPopover({ userId, mutationConfig }: EmailsPopoverProps) {
  const [opened, setOpened] = useState(false);
  const emails = useEmailInfo(userId, opened);
  const add = useAddUserInfo({ mutationConfig });
  const [text, setText] = useState('');
  const [primary, setPrimary] = useState(false);
  const [force, setForce] = useState(false);

  function submit() {
    const check = validateUserField('email', text, businessToday());
    if (!check.ok) {
      window.alert(check.error);
      return;
    }
    add.mutate(
      { user_id: userId, parameter: 'email', text: check.value, primary, force },
      {
        onSuccess: () => {
          setText('');
          setPrimary(false);
          setForce(false);
          void emails.refetch();
        },
      },
    );
  }

  return (
    // Focus moves into the popover and back to its button when it closes (Escape too), so a
    // keyboard reaches what it shows: it is rendered at the end of the page.
    <Popover opened={opened} onChange={setOpened} width={540} position="bottom-start" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpened((open) => !open)}>
          All emails
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {emails.isPending && <Loader size="xs" aria-label="Loading emails" />}
          {emails.isError && (
            <Text fz="xs" c="red" role="alert">
              {errorMessages(emails.error).join(' ')}
            </Text>
          )}
          {emails.data && (
            <Table fz="xs" aria-label="Emails">
              <Table.Tbody>
                {emails.data.emails.map((row) => (
                  <Table.Tr key={row.email}>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      added {formatDateTime(row.added_at)}
                    </Table.Td>
                    <Table.Td w={90}>{row.primary && <Badge size="xs">primary</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <TextInput
            size="xs"
            label="Add an email"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && submit()}
          />
          <Group gap="sm">
            <Checkbox
              size="xs"
              label="Make primary"
              checked={primary}
              onChange={(e) => setPrimary(e.currentTarget.checked)}
            />
            <Checkbox size="xs" label="Force" checked={force} onChange={(e) => setForce(e.currentTarget.checked)} />
            <Button size="compact-xs" onClick={submit} loading={add.isPending} disabled={text.trim() === ''}>
              Add
            </Button>
          </Group>
          {add.isError && (
            <Text fz="xs" c="red" role="alert">
              {errorMessages(add.error).join(' ')}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
