import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { FcraLookupResponse } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { fcraLookupPath } from '../paths.ts';
import { PaymentDetailTable } from './payment-detail-table.tsx';

type AdditionalLoan = FcraLookupResponse['additional_loans'][number];

function LoanRow({ loan, reportDate }: { loan: AdditionalLoan; reportDate: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `additional-loan-${loan.id}-payments`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <Anchor component={Link} to={fcraLookupPath(loan.id, reportDate)} fz="sm">
            #{loan.id}
          </Anchor>
        </Table.Td>
        <Table.Td>
          <Badge size="sm" variant="light">
            {loan.status}
          </Badge>
        </Table.Td>
        <Table.Td ta="right">{formatMoney(loan.current_balance)}</Table.Td>
        <Table.Td>{formatDate(loan.accepted)}</Table.Td>
        <Table.Td ta="right">{loan.cash_advanced === null ? '—' : formatMoney(loan.cash_advanced)}</Table.Td>
        <Table.Td>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-expanded={open}
            aria-controls={panelId}
            // The name starts with the visible words (WCAG 2.5.3: speech users say what they see).
            aria-label={`${open ? 'Hide' : 'Show'} payment detail of loan #${loan.id}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide payment detail' : 'Show payment detail'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={panelId}>
          <Table.Td colSpan={6}>
            <PaymentDetailTable payments={loan.payment_detail} label={`Payments of loan #${loan.id}`} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

// The customer's other loans: status, balance, accepted, cash advanced and their payments on demand.
export function AdditionalLoansSection({
  loans,
  reportDate,
}: {
  loans: readonly AdditionalLoan[];
  reportDate: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="additional-loans-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="additional-loans-heading">
          Additional loans
        </Title>
        {loans.length === 0 ? (
          <Text fz="sm" c="dimmed">
            The customer has no other loans.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table fz="sm" verticalSpacing={4} aria-label="Additional loans">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Loan</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Current balance</Table.Th>
                  <Table.Th>Accepted</Table.Th>
                  <Table.Th ta="right">Cash advanced</Table.Th>
                  <Table.Th>Payment detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loans.map((loan) => (
                  <LoanRow key={loan.id} loan={loan} reportDate={reportDate} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
