import { Alert, Button, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import type { TransactionEmailItem } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTransactionEmails } from '../api/list-transaction-emails.ts';

type TransactionEmailListProps = {
  userId: number;
  // The tokens of the pages shown so far: the last is this page's (null: the first page).
  pageTokens: Array<string | null>;
  onPageTokensChange: (tokens: Array<string | null>) => void;
  onOpen: (email: TransactionEmailItem) => void;
};

// One page of the customer's transaction emails (at most 50), oldest first, with Previous / Next.
export function TransactionEmailList({ userId, pageTokens, onPageTokensChange, onOpen }: TransactionEmailListProps) {
  const continuation = pageTokens[pageTokens.length - 1] ?? null;
  const emails = useTransactionEmails(userId, continuation, true);

  if (emails.isPending) return <Loader size="sm" aria-label="Loading transaction emails" />;
  if (emails.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessages(emails.error).join(' ')}
      </Alert>
    );
  }
  const { emails: items, continuation: next } = emails.data;
  if (items.length === 0 && pageTokens.length === 1) {
    return (
      <Text c="dimmed" fz="sm" py="lg" ta="center">
        No transaction emails
      </Text>
    );
  }
  return (
    <>
      <Table fz="sm" verticalSpacing={6} highlightOnHover aria-label="Transaction emails">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Subject</Table.Th>
            <Table.Th w={190}>Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((email) => (
            <Table.Tr key={email.key}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(email)} fz="sm" fw={500} c="blue.7" ta="left">
                  {email.subject ?? (
                    <Text
                      span
                      c="dimmed"
                      fz="sm"
                      fs="italic"
                    >{`Unreadable email (${email.key.split('/').pop()})`}</Text>
                  )}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{formatDateTime(email.sent_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between" mt="sm">
        <Text fz="xs" c="dimmed">
          {`Page ${pageTokens.length}${emails.isPlaceholderData ? ' · loading…' : ''}`}
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={pageTokens.length === 1 || emails.isPlaceholderData}
            onClick={() => onPageTokensChange(pageTokens.slice(0, -1))}
          >
            Previous
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={next === null || emails.isPlaceholderData}
            onClick={() => onPageTokensChange([...pageTokens, next])}
          >
            Next
          </Button>
        </Group>
      </Group>
    </>
  );
}
