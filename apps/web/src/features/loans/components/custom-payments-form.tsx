import { useMemo, useState } from 'react';
import { Button, Center, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  customSchedule,
  dollarsToCents,
  earliestPaymentDate,
  MAX_SCHEDULED_PAYMENTS,
  PAYMENT_FREQUENCIES,
  type LoanInfo,
  type PaymentFrequency,
} from '@portal/contracts';
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
  const [date, setDate] = useState<string | null>(() => upcoming[0]?.due ?? earliestPaymentDate(today));
  const [amount, setAmount] = useState<number | string>('');
  const [frequency, setFrequency] = useState<PaymentFrequency>('monthly');
  const save = useCustomPayments({ mutationConfig: useLoanMutationEvents() });
  const value = typeof amount === 'number' ? amount : Number.NaN;
  const schedule = useMemo(
    () => (value > 0 && date ? customSchedule(balanceCents, dollarsToCents(value), date, frequency) : []),
    [balanceCents, value, date, frequency],
  );
  const last = schedule.at(-1);
  const tooMany = schedule.length > MAX_SCHEDULED_PAYMENTS;

  if (upcoming.length === 0)
    return (
      <Text fz="sm" role="alert">
        Loan {loan.id} has no upcoming payments
      </Text>
    );

  return (
    <Stack gap="sm">
      <Text fz="sm">
        {upcoming.length} upcoming {upcoming.length === 1 ? 'payment' : 'payments'}, {formatMoney(balanceCents / 100)}{' '}
        in all, will be replaced.
      </Text>
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
      {last && (
        <Text fz="sm" c={tooMany ? 'red.7' : undefined} aria-live="polite">
          {tooMany
            ? `That would take ${schedule.length} payments; a schedule can have at most ${MAX_SCHEDULED_PAYMENTS}. Choose a larger amount.`
            : `${schedule.length} ${frequencyLabels[frequency].toLowerCase()} ${schedule.length === 1 ? 'payment' : 'payments'} from ${formatDate(schedule[0]!.due)} to ${formatDate(last.due)}; the last one ${formatMoney(last.amountCents / 100)}.`}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!last || tooMany || !date}
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
