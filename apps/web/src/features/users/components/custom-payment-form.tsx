import { useMemo, useState } from 'react';
import { Button, NumberInput, Select, Stack, Text } from '@mantine/core';
import { MIN_CUSTOM_PAYMENT_DOLLARS, type LoanInfo } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { createLargerPayment, useCreateLargerPayment } from '../api/create-larger-payment.ts';

type CustomPaymentFormProps = {
  loans: readonly LoanInfo[];
  mutationConfig?: MutationConfig<typeof createLargerPayment>;
};

// The spec's own words (section 5).
export const LARGER_AMOUNT_MESSAGE = `Please enter an amount larger than $${MIN_CUSTOM_PAYMENT_DOLLARS}`;
export const PAYMENT_REQUIRED_MESSAGE = 'Please select a value for payment id.';

function upcomingPayments(loan: LoanInfo | undefined, today: string) {
  return (loan?.payments ?? []).filter(
    (payment) => payment.state === 'due' && payment.type !== 'EarlyRepayment' && payment.due >= today,
  );
}

// Custom Payments (the Advanced modal): one upcoming payment made larger.
export function CustomPaymentForm({ loans, mutationConfig }: CustomPaymentFormProps) {
  const today = businessToday();
  // The loan chosen first is the newest one with a payment to make larger, else the newest.
  const [loanId, setLoanId] = useState<string | null>(() => {
    const first = loans.find((candidate) => upcomingPayments(candidate, today).length > 0) ?? loans[0];
    return first ? String(first.id) : null;
  });
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateLargerPayment({ mutationConfig });
  const loan = loans.find((candidate) => String(candidate.id) === loanId);
  const upcoming = useMemo(() => upcomingPayments(loan, today), [loan, today]);

  function submit() {
    let found: string | null = null;
    if (loan && upcoming.length === 0) found = `Loan ${loan.id} has no upcoming payments`;
    else if (paymentId === null) found = PAYMENT_REQUIRED_MESSAGE;
    else if (typeof amount !== 'number' || amount < MIN_CUSTOM_PAYMENT_DOLLARS) found = LARGER_AMOUNT_MESSAGE;
    setProblem(found);
    if (found || !loan || paymentId === null || typeof amount !== 'number') return;
    create.mutate(
      { loan_id: loan.id, payment_id: Number(paymentId), amount },
      {
        onSuccess: () => {
          setPaymentId(null);
          setAmount('');
        },
      },
    );
  }

  if (loans.length === 0) return <Text c="dimmed">No Loan Info To Show</Text>;
  return (
    <Stack gap="xs">
      <Select
        label="Loan"
        data={loans.map((option) => ({ value: String(option.id), label: `#${option.id} · ${option.display_status}` }))}
        value={loanId}
        onChange={(value) => {
          setLoanId(value);
          setPaymentId(null);
        }}
        allowDeselect={false}
      />
      <Select
        label="Payment"
        placeholder={upcoming.length === 0 ? 'No upcoming payments' : 'Choose a payment'}
        data={upcoming.map((payment) => ({
          value: String(payment.id),
          label: `${formatDate(payment.due)} · ${formatMoney(payment.expected_amt)}`,
        }))}
        value={paymentId}
        onChange={setPaymentId}
      />
      <NumberInput
        label="New amount ($)"
        value={amount}
        onChange={setAmount}
        min={0}
        decimalScale={2}
        prefix="$"
        hideControls
      />
      {(problem || create.isError) && (
        <Text fz="sm" c="red" role="alert">
          {problem ?? errorMessages(create.error).join(' ')}
        </Text>
      )}
      {!problem && create.isSuccess && (
        <Text fz="sm" c="teal" role="status">
          {create.data.message}
        </Text>
      )}
      <Button onClick={submit} loading={create.isPending}>
        Make the payment larger
      </Button>
    </Stack>
  );
}
