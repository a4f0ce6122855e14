import { useState } from 'react';
import { Alert, Button, Center, Group, NumberInput, Stack, Text } from '@mantine/core';
import {
  defaultPaymentDate,
  dollarsToCents,
  SPLIT_WARNING_PREFIX,
  splitPaymentCents,
  type LoanInfo,
  type Payment,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useSplitPayment } from '../api/split-payment.ts';
import { withReadableDates } from '../readable-dates.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { PaymentDatePicker } from './payment-date-picker.tsx';

// The spec's words for any refusal that is not a warning (section 8; 'occured' as written there).
export const SPLIT_ERROR_PREFIX = 'The following error occured: ';

type Refusal = { kind: 'warning'; message: string } | { kind: 'error'; message: string };

// Split (spec 000 sections 4 and 8): part of the payment moves to a new date. A server answer
// starting 'Warning' is shown (its dates as the screens write them), and the form's one primary
// button becomes 'Confirm split', which sends it again, confirmed; any other refusal shows as
// 'The following error occured: ...'. Success closes the form; the hook flashes the confirmation.
export function SplitPaymentForm({
  payment,
  loan,
  onClose,
}: {
  payment: Payment;
  loan: LoanInfo;
  onClose: () => void;
}) {
  const [today] = useState(businessToday);
  const [size, setSize] = useState<number | string>('');
  const [date, setDate] = useState<string | null>(() => defaultPaymentDate(payment.due, today));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const events = useLoanMutationEvents();
  // The form shows its own refusals; the screen only refreshes.
  const split = useSplitPayment({ mutationConfig: { onSuccess: events.onSuccess } });
  const value = typeof size === 'number' ? size : Number.NaN;
  const parts = Number.isFinite(value)
    ? splitPaymentCents(dollarsToCents(payment.expected_amt), dollarsToCents(value))
    : null;
  const sizeProblem =
    size === ''
      ? null
      : parts
        ? null
        : `Enter an amount more than $0.00 and less than ${formatMoney(payment.expected_amt)}.`;

  const warned = refusal?.kind === 'warning';

  function send(warningAccepted: boolean) {
    if (!parts || !date) return;
    // The warning stays on screen while its confirmation is on its way.
    if (!warningAccepted) setRefusal(null);
    split.mutate(
      {
        loan_id: loan.id,
        payment_id: payment.id,
        size: value,
        date,
        lock_version: payment.lock_version,
        ...(warningAccepted ? { warning_accepted: true } : {}),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const message = errorMessages(error)[0] ?? '';
          setRefusal(
            message.startsWith(SPLIT_WARNING_PREFIX)
              ? { kind: 'warning', message: withReadableDates(message) }
              : { kind: 'error', message: `${SPLIT_ERROR_PREFIX}${errorMessages(error).join(' ')}` },
          );
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <Text fz="sm">
        Payment #{payment.id}: {formatMoney(payment.expected_amt)} due {formatDate(payment.due)}.
      </Text>
      <NumberInput
        label="Split amount"
        description="Moved to a new payment on the new date"
        prefix="$"
        decimalScale={2}
        min={0}
        value={size}
        onChange={(next) => {
          setSize(next);
          setRefusal(null);
        }}
        error={sizeProblem}
        data-autofocus
      />
      <Text fz="xs" c="dimmed">
        New date
      </Text>
      <Center>
        <PaymentDatePicker
          value={date}
          // A warning was about the date it was given; another date is asked again.
          onChange={(next) => {
            setDate(next);
            setRefusal(null);
          }}
          today={today}
        />
      </Center>
      {parts && date && (
        <Text fz="sm">
          {formatMoney(parts.kept / 100)} stays due {formatDate(payment.due)}; {formatMoney(parts.moved / 100)} due{' '}
          {formatDate(date)}.
        </Text>
      )}
      {refusal?.kind === 'warning' && (
        <Alert color="yellow" variant="light" title="Please confirm">
          <Text fz="sm">{refusal.message}</Text>
        </Alert>
      )}
      {refusal?.kind === 'error' && (
        <Text fz="sm" c="red.7" role="alert">
          {refusal.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {/* One primary action: after a warning it is the confirmed resend. */}
        {warned ? (
          <Button loading={split.isPending} onClick={() => send(true)}>
            Confirm split
          </Button>
        ) : (
          <Button disabled={!parts || !date} loading={split.isPending} onClick={() => send(false)}>
            Split payment
          </Button>
        )}
      </Group>
    </Stack>
  );
}
