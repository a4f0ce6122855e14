import { useState } from 'react';
import { Button, Center, Group, NumberInput, Stack, Text } from '@mantine/core';
import { MIN_CUSTOM_PAYMENT_DOLLARS, defaultPaymentDate, type LoanInfo, type Payment } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCancelEarlyRepay } from '../api/cancel-early-repay.ts';
import { useChangePayment } from '../api/change-payment.ts';
import { useSmallerPayment } from '../api/smaller-payment.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { PaymentDatePicker } from './payment-date-picker.tsx';
import { ConfirmAnswers, InvalidateForm, RefundForm } from './payment-confirm-forms.tsx';
import { SplitPaymentForm } from './split-payment-form.tsx';

export type PaymentDialog =
  | 'change-date'
  | 'smaller-payment'
  | 'cancel-early-repay'
  | 'split'
  | 'refund'
  | 'invalidate';

type PaymentActionFormProps = {
  payment: Payment;
  loan: LoanInfo;
  dialog: PaymentDialog;
  onClose: () => void;
};

type FormProps = Omit<PaymentActionFormProps, 'dialog'>;

const MIN_AMOUNT_MESSAGE = `Please enter an amount larger than $${MIN_CUSTOM_PAYMENT_DOLLARS}`;

function ChangeDateForm({ payment, onClose }: FormProps) {
  const [today] = useState(businessToday);
  const [date, setDate] = useState<string | null>(() => defaultPaymentDate(payment.due, today));
  const change = useChangePayment({ mutationConfig: useLoanMutationEvents() });
  return (
    <Stack gap="sm">
      <Text fz="sm">
        Due {formatDate(payment.due)} · {formatMoney(payment.expected_amt)}
      </Text>
      <Center>
        <PaymentDatePicker value={date} onChange={setDate} today={today} />
      </Center>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={date === null}
          loading={change.isPending}
          onClick={() =>
            date &&
            change.mutate(
              { payment: { id: payment.id, action: 'reschedule', date, lock_version: payment.lock_version } },
              { onSettled: onClose },
            )
          }
        >
          Move to {date ? formatDate(date) : '…'}
        </Button>
      </Group>
    </Stack>
  );
}

function SmallerPaymentForm({ payment, onClose }: FormProps) {
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const smaller = useSmallerPayment({ mutationConfig: useLoanMutationEvents() });

  function submit() {
    const value = typeof amount === 'number' ? amount : Number.NaN;
    // Spec 000 section 5: an amount, and at least $25.
    if (!Number.isFinite(value) || value < MIN_CUSTOM_PAYMENT_DOLLARS) {
      setError(MIN_AMOUNT_MESSAGE);
      return;
    }
    smaller.mutate({ pmt_id: payment.id, amt: value }, { onSettled: onClose });
  }

  return (
    <Stack gap="sm">
      <Text fz="sm">
        Currently {formatMoney(payment.expected_amt)}, due {formatDate(payment.due)}.
      </Text>
      <NumberInput
        label="New amount"
        prefix="$"
        decimalScale={2}
        min={0}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(null);
        }}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={smaller.isPending} onClick={submit}>
          Lower payment
        </Button>
      </Group>
    </Stack>
  );
}

function CancelEarlyRepayForm({ payment, onClose }: FormProps) {
  const cancel = useCancelEarlyRepay({ mutationConfig: useLoanMutationEvents() });
  return (
    <Stack gap="sm">
      <Text fz="sm">
        Cancel the early repayment of {formatMoney(payment.expected_amt)} on {formatDate(payment.due)}? The loan goes
        back to its regular schedule.
      </Text>
      <ConfirmAnswers
        keepLabel="Keep it"
        onKeep={onClose}
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ pmt_id: payment.id }, { onSettled: onClose })}
      >
        Cancel early repayment
      </ConfirmAnswers>
    </Stack>
  );
}

// The form of each payment dialog; loaded with the dialog (payment-action-modal.tsx), as it brings
// the calendar (@mantine/dates, dayjs) and the number input.
export function PaymentActionForm({ payment, loan, dialog, onClose }: PaymentActionFormProps) {
  if (dialog === 'change-date') return <ChangeDateForm payment={payment} loan={loan} onClose={onClose} />;
  if (dialog === 'smaller-payment') return <SmallerPaymentForm payment={payment} loan={loan} onClose={onClose} />;
  if (dialog === 'split') return <SplitPaymentForm payment={payment} loan={loan} onClose={onClose} />;
  if (dialog === 'refund') return <RefundForm payment={payment} loan={loan} onClose={onClose} />;
  if (dialog === 'invalidate') return <InvalidateForm payment={payment} loan={loan} onClose={onClose} />;
  return <CancelEarlyRepayForm payment={payment} loan={loan} onClose={onClose} />;
}
