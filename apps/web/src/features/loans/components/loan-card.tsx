import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { aprLabel, loanTypeLabel, type LoanInfo } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useReopenApproval } from '../api/reopen-approval.ts';
import { useToggleAch } from '../api/toggle-ach.ts';
import { canPayOff, canReopen } from '../loan-selection.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { LoanStatusBadge } from './loan-status-badge.tsx';
import { PaymentsTable } from './payments-table.tsx';
import { PayoffModal } from './payoff-modal.tsx';

type LoanCardProps = { loan: LoanInfo; latest: LoanInfo | null };

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text fz="xs" c="dimmed" span>
      {label}{' '}
      <Text span fz="xs" c="dark.7" fw={600}>
        {value}
      </Text>
    </Text>
  );
}

export function LoanCard({ loan, latest }: LoanCardProps) {
  const [payoffOpened, payoff] = useDisclosure(false);
  const mutationConfig = useLoanMutationEvents();
  const toggleAch = useToggleAch({ mutationConfig });
  const reopen = useReopenApproval({ mutationConfig });

  return (
    <Paper withBorder radius="md" p="xs" component="article" aria-label={`Loan #${loan.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Text fw={700} fz="sm">
              Loan #{loan.id}
            </Text>
            <LoanStatusBadge loan={loan} />
            <Text fz="xs" c="dimmed">
              {loanTypeLabel(loan.type)} · {aprLabel(loan.apr)} APR
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {loan.approved !== null && (
              <Switch
                size="xs"
                label="Auto debit"
                checked={loan.ach}
                disabled={toggleAch.isPending}
                onChange={() => toggleAch.mutate({ loan_id: loan.id })}
              />
            )}
            {canReopen(loan, latest) && (
              <Button
                size="compact-xs"
                variant="light"
                loading={reopen.isPending}
                onClick={() => reopen.mutate({ loan_id: loan.id })}
              >
                Reopen
              </Button>
            )}
            {canPayOff(loan) && (
              <Button size="compact-xs" variant="light" color="grape" onClick={payoff.open}>
                Payoff
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="md" style={{ rowGap: 2 }}>
          <Fact label="Applied" value={`${formatMoney(loan.applied_amt)} on ${formatDate(loan.applied)}`} />
          {loan.cash_advanced !== null && <Fact label="Advanced" value={formatMoney(loan.cash_advanced)} />}
          {loan.funded !== null && <Fact label="Payoff balance" value={formatMoney(loan.payoff_balance)} />}
          <Fact label="Installments" value={String(loan.installment_num)} />
          {loan.maturity && <Fact label="Matures" value={formatDate(loan.maturity)} />}
          {loan.funding_returned && (
            <Text fz="xs" c="red.7" fw={600} span>
              Funding returned {formatDate(loan.funding_returned)}
            </Text>
          )}
          {loan.deny_reason && <Fact label="Denied for" value={loan.deny_reason} />}
        </Group>
        <PaymentsTable loan={loan} />
      </Stack>
      <PayoffModal loan={loan} opened={payoffOpened} onClose={payoff.close} />
    </Paper>
  );
}
