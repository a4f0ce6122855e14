import { useState } from 'react';
import { Button, Group, Switch } from '@mantine/core';
import { loanActions, type LoanInfo } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { useAppealLoan } from '../api/appeal.ts';
import { useClearAlert } from '../api/clear-alert.ts';
import { useConfirmCreditBuilder } from '../api/confirm-credit-builder.ts';
import { useManualDenial } from '../api/manual-denial.ts';
import { useReopenLoan } from '../api/reopen-loan.ts';
import { useSubmitDecision } from '../api/submit-decision.ts';
import { useToggleLoanAch } from '../api/toggle-loan-ach.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { CancelLoanButton } from './cancel-loan-button.tsx';
import { ActionOutcomeText, ConfirmActionButton, type ActionOutcome } from './confirm-action-button.tsx';
import { ManualApprovalButton } from './manual-approval-button.tsx';

type LoanActionButtonsProps = { loan: LoanInfo; latest: LoanInfo | null; onPayoff: () => void };

// The loan card's buttons, exactly as the shared rule offers them (contracts rules/loan-actions.ts);
// the server refuses the same with 409.
export function LoanActionButtons({ loan, latest, onPayoff }: LoanActionButtonsProps) {
  const events = useLoanMutationEvents();
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  // Approve, Deny and Manual Denial show their outcome beside the button rather than as a flash.
  const quiet = { onSuccess: events.onSuccess };
  const decide = useSubmitDecision({ mutationConfig: quiet });
  const denial = useManualDenial({ mutationConfig: quiet });
  const confirmCb = useConfirmCreditBuilder({ mutationConfig: events });
  const clearAlert = useClearAlert({ mutationConfig: events });
  const reopen = useReopenLoan({ mutationConfig: events });
  const appeal = useAppealLoan({ mutationConfig: events });
  const toggleAch = useToggleLoanAch({ mutationConfig: events });
  const actions = loanActions(loan, latest, businessToday());
  const has = (action: (typeof actions)[number]) => actions.includes(action);
  const target = { loan_id: loan.id, lock_version: loan.lock_version };

  return (
    <Group gap={6} style={{ rowGap: 4 }}>
      {has('approve') && (
        <ConfirmActionButton
          label="Approve"
          color="teal"
          question={`Approve loan #${loan.id}?`}
          onConfirm={() => decide.mutateAsync({ ...target, decision: 'approve' })}
          onOutcome={setOutcome}
        />
      )}
      {has('deny') && (
        <ConfirmActionButton
          label="Deny"
          color="red"
          question={`Deny loan #${loan.id}?`}
          onConfirm={() => decide.mutateAsync({ ...target, decision: 'deny' })}
          onOutcome={setOutcome}
        />
      )}
      {has('confirm-cb') && (
        <Button
          size="compact-xs"
          variant="light"
          loading={confirmCb.isPending}
          onClick={() => confirmCb.mutate(target)}
        >
          Confirm CB
        </Button>
      )}
      {has('manual-approval') && <ManualApprovalButton loan={loan} />}
      {has('manual-denial') && (
        <ConfirmActionButton
          label="Manual Denial"
          color="red"
          question={`Deny loan #${loan.id} and email the customer the denial?`}
          onConfirm={() => denial.mutateAsync(target)}
          onOutcome={setOutcome}
        />
      )}
      {has('clear-alert') && (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          loading={clearAlert.isPending}
          onClick={() => clearAlert.mutate(target)}
        >
          Clear Alert
        </Button>
      )}
      {has('reopen') && (
        <Button size="compact-xs" variant="light" loading={reopen.isPending} onClick={() => reopen.mutate(target)}>
          Reopen
        </Button>
      )}
      {has('appeal') && (
        <Button size="compact-xs" variant="light" loading={appeal.isPending} onClick={() => appeal.mutate(target)}>
          Appeal
        </Button>
      )}
      {has('payoff') && (
        <Button size="compact-xs" variant="light" color="grape" onClick={onPayoff}>
          Payoff
        </Button>
      )}
      {has('ach-toggle') && (
        <Switch
          size="xs"
          label={`ACH ${loan.ach ? 'ON' : 'OFF'}`}
          checked={loan.ach}
          disabled={toggleAch.isPending}
          onChange={() => toggleAch.mutate(target)}
        />
      )}
      {has('cancel') && <CancelLoanButton loan={loan} />}
      <ActionOutcomeText outcome={outcome} />
    </Group>
  );
}
