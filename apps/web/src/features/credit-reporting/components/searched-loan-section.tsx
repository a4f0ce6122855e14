import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ADJUSTMENT_TYPE_OPTIONS, type FcraLookupResponse, type PastAdjustment } from '@portal/contracts';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AccountHistoryGrid } from './account-history-grid.tsx';
import { AccountInfo, ConsumerInfo } from './account-info.tsx';
import { PaymentDetailTable } from './payment-detail-table.tsx';

const typeLabel = (type: PastAdjustment['adj_type']) =>
  ADJUSTMENT_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? type;

function PastAdjustments({ adjustments }: { adjustments: readonly PastAdjustment[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Past credit report adjustments
      </Title>
      {adjustments.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No adjustments.
        </Text>
      ) : (
        <Table fz="xs" verticalSpacing={4} aria-label="Past credit report adjustments">
          <TableHead columns={['Made', 'Type', 'Reason', 'Processed', 'Source']} />
          <Table.Tbody>
            {adjustments.map((adjustment) => (
              <Table.Tr key={adjustment.id}>
                <Table.Td>
                  {formatDateTime(adjustment.created_at)}
                  {adjustment.created_by ? ` by ${adjustment.created_by}` : ''}
                </Table.Td>
                <Table.Td>{typeLabel(adjustment.adj_type)}</Table.Td>
                <Table.Td>{adjustment.reason ?? '—'}</Table.Td>
                <Table.Td>
                  {adjustment.processed
                    ? 'Yes'
                    : adjustment.gen_adj_file
                      ? 'No (waiting for a correction file)'
                      : 'No file needed'}
                </Table.Td>
                <Table.Td>{adjustment.source}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

// The searched loan (spec 001 section 2): its id, status and refinance chain, past adjustments,
// what is reported of the account and the consumer, its payments and the 7-year history grid.
export function SearchedLoanSection({ loan }: { loan: FcraLookupResponse['loan'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="searched-loan-heading">
      <Stack gap="lg">
        <Group gap="sm">
          <Title order={2} fz="lg" id="searched-loan-heading">
            Loan #{loan.id}
          </Title>
          <Badge variant="light">{loan.status}</Badge>
          <Text fz="sm" c="dimmed">
            Refinance chain: {loan.refinance_chain_ids.map((id) => `#${id}`).join(' → ')}
          </Text>
        </Group>
        <PastAdjustments adjustments={loan.past_adjustments} />
        <AccountInfo account={loan.account} />
        <ConsumerInfo consumer={loan.consumer} />
        <AccountHistoryGrid history={loan.history} />
        <Stack gap="xs">
          <Title order={3} fz="md">
            Payment detail
          </Title>
          <PaymentDetailTable payments={loan.payment_detail} label={`Payments of loan #${loan.id}`} />
        </Stack>
      </Stack>
    </Paper>
  );
}
