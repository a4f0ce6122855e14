import { useMemo, useState } from 'react';
import { Alert, Button, Center, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  customSchedule,
  dollarsToCents,
  earliestPaymentDate,
  isSelectablePaymentDate,
  MAX_SCHEDULED_PAYMENTS,
  PAYMENT_FREQUENCIES,
  type LoanInfo,
  type PaymentFrequency,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCustomPayments } from '../api/custom-payments.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { PaymentDatePicker } from './payment-date-picker.tsx';

// The payments a custom schedule replaces: installments still due (not a payoff or a settlement).
export function upcomingInstallments(loan: LoanInfo) {
  return loan.payments.filter(
    (payment) => payment.state === 'due' && payment.type !== 'EarlyRepayment' && payment.type !== 'Settlement',
  );
}

const frequencyLabels: Record<PaymentFrequency, string> = {
  monthly: 'Monthly',
  biweekly: 'Biweekly',
  weekly: 'Weekly',
};

export function CustomPaymentsForm({ loan, onClose }: { loan: LoanInfo; onClose: () => void }) {
  const [today] = useState(businessToday);
  const upcoming = upcomingInstallments(loan);
  const balanceCents = upcoming.reduce((total, payment) => total + dollarsToCents(payment.expected_amt), 0);
  // The schedule starts where the old one would have, unless that day can no longer be picked.
  const [date, setDate] = useState<string | null>(() => {
    const first = upcoming.map((payment) => payment.due).sort()[0];
    return first && isSelectablePaymentDate(first, today) ? first : earliestPaymentDate(today);
  });
  const [amount, setAmount] = useState<number | string>('');
  const [frequency, setFrequency] = useState<PaymentFrequency>('monthly');
  const events = useLoanMutationEvents();
  // A refusal shows in the dialog, where the agent is; the screen only refreshes.
  const save = useCustomPayments({ mutationConfig: { onSuccess: events.onSuccess } });
  const value = typeof amount === 'number' ? amount : Number.NaN;
  const amountCents = Number.isFinite(value) ? dollarsToCents(value) : 0;
  // How many payments it takes, known before the schedule is built: a cent at a time would be
  // thousands of dates.
  const count = amountCents > 0 && balanceCents > 0 ? Math.ceil(balanceCents / amountCents) : 0;
  const tooMany = count > MAX_SCHEDULED_PAYMENTS;
  const schedule = useMemo(
    () => (count > 0 && !tooMany && date ? customSchedule(balanceCents, amountCents, date, frequency) : []),
    [count, tooMany, balanceCents, amountCents, date, frequency],
  );
  const last = schedule.at(-1);
  const none = upcoming.length === 0;

  return (
    <Stack gap="sm">
      {none ? (
        <Alert color="yellow" variant="light" role="alert">
          Loan {loan.id} has no upcoming payments
        </Alert>
      ) : (
        <Text fz="sm">
          {upcoming.length} upcoming {upcoming.length === 1 ? 'payment' : 'payments'}, {formatMoney(balanceCents / 100)}{' '}
          in all, will be replaced.
        </Text>
      )}
      <SegmentedControl
        aria-label="Frequency"
        value={frequency}
        onChange={(next) => setFrequency(next as PaymentFrequency)}
        data={PAYMENT_FREQUENCIES.map((entry) => ({ value: entry, label: frequencyLabels[entry] }))}
      />
      <NumberInput
        label="Amount of each payment"
        prefix="$"
        decimalScale={2}
        min={0}
        value={amount}
        onChange={setAmount}
      />
      <Text fz="xs" c="dimmed">
        First payment
      </Text>
      <Center>
        <PaymentDatePicker value={date} onChange={setDate} today={today} />
      </Center>
      {tooMany && (
        <Text fz="sm" c="red.7" role="alert">
          That would take {count} payments; a schedule can have at most {MAX_SCHEDULED_PAYMENTS}. Choose a larger
          amount.
        </Text>
      )}
      {last && (
        <Text fz="sm" aria-live="polite">
          {`${schedule.length} ${frequencyLabels[frequency].toLowerCase()} ${schedule.length === 1 ? 'payment' : 'payments'} from ${formatDate(schedule[0]!.due)} to ${formatDate(last.due)}; the last one ${formatMoney(last.amountCents / 100)}.`}
        </Text>
      )}
      {save.error && (
        <Text fz="sm" c="red.7" role="alert">
          {errorMessages(save.error)[0]}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={none || !last || !date}
          loading={save.isPending}
          onClick={() =>
            date &&
            save.mutate(
              { loan: loan.id, date, amount: value, frequency, lock_version: loan.lock_version },
              { onSuccess: onClose },
            )
          }
        >
          Set schedule
        </Button>
      </Group>
    </Stack>
  );
}
