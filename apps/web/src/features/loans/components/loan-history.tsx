import { Center, Loader, Stack, Table, Text } from '@mantine/core';
import type { LoanHistoryEntry } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useLoanHistory } from '../api/get-loan-history.ts';
import { TableHead } from '../../../components/table-head.tsx';

// The loan's history as a table (loan-history-button.tsx loads it when opened).
export function LoanHistory({ loanId }: { loanId: number }) {
  const history = useLoanHistory(loanId);
  if (history.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="Loading history" />
      </Center>
    );
  if (history.isError) return <Text c="red.7">{errorMessages(history.error).join(' ')}</Text>;
  if (history.data.history.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        No changes recorded yet.
      </Text>
    );
  return (
    <Table fz="xs" striped aria-label={`History of loan #${loanId}`}>
      <TableHead columns={['When', 'Who', 'What', 'Before', 'After']} />
      <Table.Tbody>
        {history.data.history.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
            <Table.Td>{entry.employee ?? 'system'}</Table.Td>
            <Table.Td>
              {describeAction(entry)}
              <Text fz={10} c="dimmed">
                {entry.subject}
              </Text>
            </Table.Td>
            <Table.Td>
              <Values value={entry.before} />
            </Table.Td>
            <Table.Td>
              <Values value={entry.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// 'payment.rescheduled' reads 'Payment rescheduled'.
function describeAction(entry: LoanHistoryEntry): string {
  const words = entry.action.replace('.', ' ').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// 'expectedAmountCents' reads 'Expected amount'; cents show as dollars; dates and words as they are.
function fieldLabel(key: string): string {
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('Cents') && typeof value === 'number') return formatMoney(value / 100);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined)
    return (
      <Text fz="xs" c="dimmed">
        —
      </Text>
    );
  if (typeof value !== 'object' || Array.isArray(value)) return <Text fz="xs">{JSON.stringify(value)}</Text>;
  return (
    <Stack gap={0} maw={260}>
      {Object.entries(value).map(([key, entry]) => (
        <Text key={key} fz="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fz="xs" c="dimmed">
            {fieldLabel(key)}:
          </Text>{' '}
          {fieldValue(key, entry)}
        </Text>
      ))}
    </Stack>
  );
}
