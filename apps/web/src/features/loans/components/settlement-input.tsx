import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { LazyNumberInput as NumberInput } from '../../../components/lazy-number-input.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useCreateSettlement } from '../api/create-settlement.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';

// The settlement input (spec 000 section 4): shown only when the loan can be settled; the server
// answers 'Settlement created' (flashed) or its error (flashed by the screen).
export function SettlementInput({ loan }: { loan: LoanInfo }) {
  const minimum = loan.settlement_min ?? 0;
  const [amount, setAmount] = useState<number | string>(minimum);
  const settle = useCreateSettlement({ mutationConfig: useLoanMutationEvents() });
  const value = typeof amount === 'number' ? amount : Number.NaN;
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <NumberInput
        size="xs"
        w={150}
        label={`Settlement (min ${formatMoney(minimum)})`}
        prefix="$"
        decimalScale={2}
        min={minimum}
        value={amount}
        onChange={setAmount}
      />
      <Button
        size="xs"
        variant="light"
        color="orange"
        disabled={!(value > 0)}
        loading={settle.isPending}
        onClick={() =>
          settle.mutate({ settlement: { loan_id: loan.id, amount: value, lock_version: loan.lock_version } })
        }
      >
        Create settlement
      </Button>
    </Group>
  );
}
