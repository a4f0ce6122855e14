import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { LoanInfo, Payment } from '@portal/contracts';
import { ApiError, errorMessages } from '../../../lib/api-error.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useChangePayment } from '../api/change-payment.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';

type FormProps = { payment: Payment; loan: LoanInfo; onClose: () => void };

const methodWords = (method: Payment['method']) => (method === 'ach' ? 'bank account (ACH)' : 'debit card');

// The refund failure of spec 000 section 8: a server error (500) names whom to tell; any other
// refusal shows its first error.
export function refundFailureMessage(error: unknown, escalationContact: string): string {
  if (error instanceof ApiError && error.status === 500) return `500 Error. Let ${escalationContact} know.`;
  return errorMessages(error)[0] ?? 'Something went wrong. Please try again.';
}

type ConfirmAnswersProps = {
  // The way back out of the dialog, changing nothing ('Cancel', 'Keep it').
  keepLabel: string;
  onKeep: () => void;
  pending: boolean;
  onConfirm: () => void;
  // The change asked about, on its red button.
  children: ReactNode;
};

// The two answers of a dialog that asks before a payment changes for good.
export function ConfirmAnswers({ keepLabel, onKeep, pending, onConfirm, children }: ConfirmAnswersProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onKeep}>
        {keepLabel}
      </Button>
      <Button color="red" loading={pending} onClick={onConfirm}>
        {children}
      </Button>
    </Group>
  );
}

export function RefundForm({ payment, onClose }: FormProps) {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const events = useLoanMutationEvents();
  const refund = useChangePayment({ mutationConfig: { onSuccess: events.onSuccess } });
  return (
    <Stack gap="sm">
      <Text fz="sm">
        Refund {formatMoney(payment.expected_amt)} paid {formatDate(payment.paid ?? payment.due)} to the customer's{' '}
        {methodWords(payment.method)}?
      </Text>
      <ConfirmAnswers
        keepLabel="Cancel"
        onKeep={onClose}
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(
            { payment: { id: payment.id, action: 'refund', lock_version: payment.lock_version } },
            {
              onSuccess: onClose,
              onError: (error) => setFailure(refundFailureMessage(error, session?.escalation_contact ?? 'Engineering')),
            },
          )
        }
      >
        Refund {formatMoney(payment.expected_amt)}
      </ConfirmAnswers>
      <Modal opened={failure !== null} onClose={() => setFailure(null)} title="Refund failed" centered>
        <Text fz="sm" role="alert">
          {failure}
        </Text>
      </Modal>
    </Stack>
  );
}

export function InvalidateForm({ payment, onClose }: FormProps) {
  const invalidate = useChangePayment({ mutationConfig: useLoanMutationEvents() });
  return (
    <Stack gap="sm">
      <Text fz="sm">
        Invalidate payment #{payment.id} of {formatMoney(payment.expected_amt)} due {formatDate(payment.due)}? It will
        no longer count or be collected.
      </Text>
      <ConfirmAnswers
        keepLabel="Keep it"
        onKeep={onClose}
        pending={invalidate.isPending}
        onConfirm={() =>
          invalidate.mutate(
            { payment: { id: payment.id, action: 'toggle_valid', lock_version: payment.lock_version } },
            { onSettled: onClose },
          )
        }
      >
        Invalidate
      </ConfirmAnswers>
    </Stack>
  );
}
