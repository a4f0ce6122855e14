import { useState } from 'react';
import { Badge, Button, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { LoanInfo, Payment } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { paymentsToShow } from '../loan-selection.ts';
import { PaymentActions } from './payment-actions.tsx';

const stateColors: Record<Payment['state'], string> = {
  due: 'blue',
  paid: 'teal',
  processing: 'yellow',
  invalid: 'gray',
};
// Payments that are not a regular installment say what they are.
const typeBadges: Partial<Record<string, { label: string; color: string }>> = {
  EarlyRepayment: { label: 'Payoff', color: 'grape' },
  Custom: { label: 'Custom', color: 'indigo' },
  Settlement: { label: 'Settlement', color: 'orange' },
};
const stateLabels: Record<Payment['state'], string> = {
  due: 'Due',
  paid: 'Paid',
  processing: 'Processing',
  invalid: 'Invalid',
};

export function PaymentsTable({ loan }: { loan: LoanInfo }) {
  const { payments } = loan;
  const [showAll, setShowAll] = useState(false);
  const shown = paymentsToShow(payments, showAll);
  if (payments.length === 0) {
    return (
      <Text fz="xs" c="dimmed">
        No payments scheduled.
      </Text>
    );
  }
  const collapsible = paymentsToShow(payments, false).length < payments.length;
  const toggle = collapsible ? (
    <Button
      size="compact-xs"
      variant="subtle"
      color="gray"
      onClick={() => setShowAll((value) => !value)}
      style={{ alignSelf: 'flex-start' }}
    >
      {showAll ? 'Show fewer payments' : `Show all ${payments.length} payments`}
    </Button>
  ) : null;
  if (shown.length === 0) return toggle;
  return (
    <Stack gap={2}>
      <Table
        fz="xs"
        verticalSpacing={4}
        horizontalSpacing={6}
        striped
        highlightOnHover
        aria-label={`Payments of loan #${loan.id}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th ta="right">Bounce fee</Table.Th>
            <Table.Th w={32}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((payment) => (
            <Table.Tr key={payment.id} aria-label={`Payment #${payment.id}`}>
              <Table.Td>
                {formatDate(payment.due)}
                {payment.original_due !== payment.due && (
                  <Text span fz={10} c="dimmed" display="block">
                    was {formatDate(payment.original_due)}
                  </Text>
                )}
                {payment.represents_payment_id !== null && (
                  <Text span fz={10} c="dimmed" display="block">
                    re-presents payment #{payment.represents_payment_id}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(payment.expected_amt)}
              </Table.Td>
              <Table.Td tt="uppercase">
                {payment.method}
                {typeBadges[payment.type] && (
                  <Badge size="xs" variant="light" color={typeBadges[payment.type]!.color} ml={4}>
                    {typeBadges[payment.type]!.label}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={stateColors[payment.state]}>
                  {stateLabels[payment.state]}
                </Badge>
                {payment.refunded && (
                  <Badge size="xs" variant="light" color="orange" ml={4}>
                    Refunded
                  </Badge>
                )}
                {payment.bounces.map((bounce) => (
                  <Text
                    key={`${bounce.code}-${bounce.date}`}
                    fz={10}
                    c={bounce.high_risk ? 'red.7' : 'dimmed'}
                    fw={bounce.high_risk ? 700 : 400}
                  >
                    {bounce.code} {bounce.title} on {formatDate(bounce.date)}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {payment.bounce_fee > 0 ? (
                  <Tooltip
                    label={
                      payment.bounces
                        .map((bounce) => `${bounce.code} ${bounce.title} on ${formatDate(bounce.date)}`)
                        .join(', ') || 'Returned payment'
                    }
                  >
                    <Text span fz="xs" c="red.7">
                      {formatMoney(payment.bounce_fee)}
                    </Text>
                  </Tooltip>
                ) : (
                  <Text span c="dimmed" fz="xs">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <PaymentActions payment={payment} loan={loan} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {toggle}
    </Stack>
  );
}
