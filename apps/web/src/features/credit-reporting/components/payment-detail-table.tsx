import { Badge, Table, Text } from '@mantine/core';
import type { PaymentDetail } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';

const STATUS_COLORS: Record<string, string> = {
  paid: 'green',
  late: 'red',
  due: 'gray',
  processing: 'blue',
  invalid: 'dark',
};

// The scheduled payments of a loan as the lookup lists them.
export function PaymentDetailTable({ payments, label }: { payments: readonly PaymentDetail[]; label: string }) {
  if (payments.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No payments scheduled.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="xs" verticalSpacing={4} striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Original due date</Table.Th>
            <Table.Th>Due date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Payment amount</Table.Th>
            <Table.Th ta="right">Amount paid</Table.Th>
            <Table.Th>Paid on</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{formatDate(payment.original_due_date)}</Table.Td>
              <Table.Td>{formatDate(payment.due_date)}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={STATUS_COLORS[payment.status] ?? 'gray'}>
                  {payment.status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(payment.payment_amount)}</Table.Td>
              <Table.Td ta="right">{formatMoney(payment.amount_paid)}</Table.Td>
              <Table.Td>{formatDate(payment.paid_on)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
