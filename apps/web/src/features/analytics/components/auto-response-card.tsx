import { Table, Text } from '@mantine/core';
import { useAutoResponses, type DateRange } from '../api/analytics.ts';
import { AnswerCard, FigureGrid } from './metric-card.tsx';

// How each figure is worked out, shown on hover or focus (decision 035).
const FIGURES = [
  {
    key: 'total',
    label: 'All conversations',
    explanation: 'Tickets that started in the range (a customer’s first message opens one).',
  },
  {
    key: 'auto',
    label: 'Auto-responded',
    explanation:
      'Of those, the ones the Portal answered automatically because they started outside business hours (one auto-response per ticket).',
  },
  {
    key: 'noFollow',
    label: 'No follow-up',
    explanation: 'Of the auto-responded ones, those where the customer has not written again since the auto-response.',
  },
] as const;

// auto_response_analytics on /visualize/cs (spec 001 sections 2, 7, 9): the three figures and the
// auto-responses' texts (cut to 100 characters, '…' when cut) with how many conversations got each.
export function AutoResponseCard({ range }: { range: DateRange }) {
  const answer = useAutoResponses(range);
  return (
    <AnswerCard title="Auto-responses" answer={answer}>
      {(data) => (
        <>
          <FigureGrid figures={FIGURES} values={data} />
          {data.texts.length === 0 ? (
            // The spec's 'this inquiry returned no results' is the page's alert for an empty range
            // (spec 001 section 8); the card only says what it lacks.
            <Text c="dimmed" fz="sm">
              No auto-responses were sent in this range.
            </Text>
          ) : (
            <Table aria-label="Auto-response texts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Text (first 100 characters)</Table.Th>
                  <Table.Th ta="right">Conversations</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.texts.map((row) => (
                  <Table.Tr key={row.text}>
                    <Table.Td>{row.text}</Table.Td>
                    <Table.Td ta="right">{row.count.toLocaleString('en-US')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </AnswerCard>
  );
}
