import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { LazyNumberInput as NumberInput } from '../../../components/lazy-number-input.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useManualApproval } from '../api/manual-approval.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';

// Manual Approval: a counter-offer of at most the amount applied for, texted to the customer.
export function ManualApprovalButton({ loan }: { loan: LoanInfo }) {
  const [opened, setOpened] = useState(false);
  const [amount, setAmount] = useState<number | string>(loan.applied_amt);
  const events = useLoanMutationEvents();
  const approve = useManualApproval({ mutationConfig: { onSuccess: events.onSuccess } });
  const value = typeof amount === 'number' ? amount : Number.NaN;
  const problem = !(value > 0)
    ? 'Enter the amount to offer.'
    : value > loan.applied_amt
      ? `At most the ${formatMoney(loan.applied_amt)} applied for.`
      : null;

  return (
    <>
      <Button size="compact-xs" variant="light" color="teal" onClick={() => setOpened(true)}>
        Manual Approval
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Manual approval · loan #${loan.id}`} centered>
        <Stack gap="sm">
          <NumberInput
            label="Counter-offer"
            prefix="$"
            decimalScale={2}
            min={0}
            max={loan.applied_amt}
            value={amount}
            onChange={setAmount}
            error={amount === '' ? null : problem}
          />
          <Text fz="sm" c="dimmed">
            {problem === null && value < loan.applied_amt
              ? `The customer applied for ${formatMoney(loan.applied_amt)}; they will be texted an offer of ${formatMoney(value)} to accept in the app.`
              : `The customer will be texted an offer of ${formatMoney(Number.isNaN(value) ? 0 : value)} to accept in the app.`}
          </Text>
          {approve.isError && (
            <ErrorAlert title="Not approved" errors={errorMessages(approve.error)} onClose={() => approve.reset()} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Close
            </Button>
            <Button
              color="teal"
              disabled={problem !== null}
              loading={approve.isPending}
              onClick={() =>
                approve.mutate(
                  { loan_id: loan.id, amount: value, lock_version: loan.lock_version },
                  { onSuccess: () => setOpened(false) },
                )
              }
            >
              Approve for {formatMoney(Number.isNaN(value) ? 0 : value)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
