import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { aprLabel, canSettle, loanTypeLabel, type LoanInfo } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { CustomPaymentsButton } from './custom-payments-button.tsx';
import { LoanActionButtons } from './loan-action-buttons.tsx';
import { LoanComments } from './loan-comments.tsx';
import { LoanHistoryButton } from './loan-history-button.tsx';
import { LoanLifecycle } from './loan-lifecycle.tsx';
import { LoanStatusBadge } from './loan-status-badge.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { PayoffModal } from './payoff-modal.tsx';
import { SettlementInput } from './settlement-input.tsx';
import { StatementsButton } from './statements-viewer.tsx';

// Loaded only for a loan whose automatic debits are stopped (few are): the user page keeps to its
// weight budget (decision 040).
const DebitStopAlert = lazy(async () => ({ default: (await import('./debit-stop-alert.tsx')).DebitStopAlert }));

type LoanCardProps = { loan: LoanInfo; latest: LoanInfo | null };

function Fact({ label, value, color = 'dark.7' }: { label: string; value: string; color?: string }) {
  return (
    <Text fz="xs" c="dimmed" span>
      {label}{' '}
      <Text span fz="xs" c={color} fw={600}>
        {value}
      </Text>
    </Text>
  );
}

// One loan as staff work it, on the user page and in the ticket view alike (spec 000 section 4):
// status, type, APR and amounts; its life by timestamps; the buttons its state allows; the
// payments with their controls; statements, history and comments.
export function LoanCard({ loan, latest }: LoanCardProps) {
  const [payoffOpened, payoff] = useDisclosure(false);
  const settleable = canSettle(loan, businessToday());

  return (
    <Paper withBorder radius="md" p="xs" component="article" aria-label={`Loan #${loan.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap={6} style={{ rowGap: 2 }}>
            <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
              Loan #{loan.id}
            </Text>
            <LoanStatusBadge loan={loan} />
            <Text fz="xs" c="dimmed">
              {loanTypeLabel(loan.type)} · {aprLabel(loan.apr)} APR
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <StatementsButton loan={loan} />
            <LoanHistoryButton loanId={loan.id} />
            {/* What the Portal reports of this loan to the credit bureaus (spec 001 section 2). */}
            <Button
              component={Link}
              to={`/fcra/lookup?${new URLSearchParams({ loan_id: String(loan.id) }).toString()}`}
              size="compact-xs"
              variant="subtle"
              color="gray"
            >
              FCRA lookup
            </Button>
          </Group>
        </Group>
        <Group gap="md" style={{ rowGap: 2 }}>
          <Fact label="Applied for" value={formatMoney(loan.applied_amt)} />
          {loan.approved_amt !== null && <Fact label="Approved for" value={formatMoney(loan.approved_amt)} />}
          {loan.cash_advanced !== null && <Fact label="Advanced" value={formatMoney(loan.cash_advanced)} />}
          {loan.funded !== null && <Fact label="Payoff balance" value={formatMoney(loan.payoff_balance)} />}
          {loan.amount_credited_to_loan > 0 && (
            <Fact label="Credited" value={formatMoney(loan.amount_credited_to_loan)} color="teal.7" />
          )}
          <Fact label="Installments" value={String(loan.installment_num)} />
          {loan.maturity && <Fact label="Matures" value={formatDate(loan.maturity)} />}
          {loan.settlement_min !== null && <Fact label="Settlement min" value={formatMoney(loan.settlement_min)} />}
          {loan.deny_reason && <Fact label="Denied for" value={loan.deny_reason} color="red.7" />}
        </Group>
        <LoanLifecycle loan={loan} />
        {loan.fraud_alert && (
          <Alert color="orange" variant="light" p={6} fz="xs" title="Fraud alert">
            A comment on this loan raises a fraud alert; read the comments before acting.
          </Alert>
        )}
        {loan.pending_approvals.length > 0 && (
          // Four eyes (issue 41): what waits for a second employee, and who asked.
          <Alert color="yellow" variant="light" p={6} title="Awaiting approval">
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {loan.pending_approvals.map((approval) => (
                <Text component="li" key={approval.id} fz="xs">
                  {approval.summary}, asked by {approval.made_by ?? 'a colleague'} on {formatDate(approval.made_at)}; a
                  second employee decides it in Approvals (expires {formatDate(approval.expires_at)}).
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {loan.debit_stop && (
          <Suspense fallback={null}>
            <DebitStopAlert stop={loan.debit_stop} />
          </Suspense>
        )}
        {loan.high_risk_return && (
          <Text fz="xs" c="red.7">
            {loan.high_risk_return.code} return ({loan.high_risk_return.title}) on{' '}
            {formatDate(loan.high_risk_return.date)}: only a payments admin can switch payments back to ACH.
          </Text>
        )}
        <Group justify="space-between" gap={6} align="flex-end">
          <LoanActionButtons loan={loan} latest={latest} onPayoff={payoff.open} />
          <CustomPaymentsButton loan={loan} />
        </Group>
        {settleable && <SettlementInput loan={loan} />}
        <PaymentsTable loan={loan} />
        <Divider variant="dashed" />
        <LoanComments loan={loan} />
      </Stack>
      <PayoffModal loan={loan} opened={payoffOpened} onClose={payoff.close} />
    </Paper>
  );
}
