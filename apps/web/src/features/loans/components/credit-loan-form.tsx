import { useState } from 'react';
import { Button, NumberInput, Select, Stack, Text } from '@mantine/core';
import { CREDIT_AMOUNT_REQUIRED_MESSAGE, isRepaying, type LoanInfo } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { useCreditLoan } from '../api/credit-loan.ts';

type CreditLoanFormProps = { loans: readonly LoanInfo[]; mutationConfig?: MutationEvents };

// Credit Loan (the Advanced modal): money off what the customer owes on a loan being repaid. Only
// staff holding loans.credit see the form; the server checks the same.
export function CreditLoanForm({ loans, mutationConfig }: CreditLoanFormProps) {
  const session = useSession();
  const repaying = loans.filter(isRepaying);
  const [loanId, setLoanId] = useState<string | null>(repaying[0] ? String(repaying[0].id) : null);
  const [amount, setAmount] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const credit = useCreditLoan({ mutationConfig: { onSuccess: mutationConfig?.onSuccess } });
  const loan = repaying.find((candidate) => String(candidate.id) === loanId);

  if (!session?.permissions.includes('loans.credit'))
    return (
      <Text fz="sm" c="dimmed">
        Crediting a loan needs the credit permission (role loan_adjustments).
      </Text>
    );
  if (repaying.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No loan of this customer is being repaid, so there is nothing to credit.
      </Text>
    );

  function submit() {
    if (typeof amount !== 'number' || !(amount > 0)) return setProblem(CREDIT_AMOUNT_REQUIRED_MESSAGE);
    if (!loan) return;
    setProblem(null);
    credit.mutate(
      { loan_id: loan.id, credit_amount: amount, lock_version: loan.lock_version },
      { onSuccess: () => setAmount(''), onError: (error) => setProblem(errorMessages(error).join(' ')) },
    );
  }

  return (
    <Stack gap="sm" maw={360}>
      <Select
        label="Loan"
        data={repaying.map((candidate) => ({
          value: String(candidate.id),
          label: `#${candidate.id} · payoff ${formatMoney(candidate.payoff_balance)}`,
        }))}
        value={loanId}
        onChange={setLoanId}
        allowDeselect={false}
      />
      <NumberInput
        label="Credit amount"
        prefix="$"
        decimalScale={2}
        min={0}
        max={loan?.payoff_balance}
        value={amount}
        onChange={setAmount}
        error={problem}
      />
      <Text fz="xs" c="dimmed">
        The credit lowers the payoff and comes off the last upcoming payments first.
      </Text>
      <Button onClick={submit} loading={credit.isPending} style={{ alignSelf: 'flex-start' }}>
        Credit loan
      </Button>
    </Stack>
  );
}
