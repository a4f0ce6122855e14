import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { earliestPaymentDate, type LoanInfo } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCreateEarlyRepay } from '../api/create-early-repay.ts';
import { useEarlyRepayBalance } from '../api/get-early-repay-balance.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { PaymentDatePicker } from './payment-date-picker.tsx';

type PayoffFormProps = { loan: LoanInfo; onClose: () => void };

// Payoff (spec 000 section 4): pick a date, see the amount, Submit schedules the early repayment.
// Loaded with the dialog (payoff-modal.tsx), as it brings the calendar (@mantine/dates, dayjs).
export function PayoffForm({ loan, onClose }: PayoffFormProps) {
  const [today] = useState(businessToday);
  const [date, setDate] = useState<string | null>(() => earliestPaymentDate(today));
  const balance = useEarlyRepayBalance(loan.id, date);
  const create = useCreateEarlyRepay({ mutationConfig: useLoanMutationEvents() });
  return (
    <Stack gap="sm">
      <Center>
        <PaymentDatePicker value={date} onChange={setDate} today={today} />
      </Center>
      <Group justify="space-between" mih={28}>
        <Text fz="sm" c="dimmed">
          {date ? `Payoff on ${formatDate(date)}` : 'Pick a date'}
        </Text>
        {balance.isFetching && <Loader size="xs" aria-label="Calculating payoff" />}
        {balance.data && !balance.isFetching && (
          <Text fz="lg" fw={700} aria-label="Payoff amount">
            {formatMoney(balance.data.balance)}
          </Text>
        )}
      </Group>
      {balance.isError && (
        <Alert color="red" variant="light" p="xs">
          {errorMessages(balance.error).join(' ')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={date === null || !balance.data}
          loading={create.isPending}
          onClick={() => date && create.mutate({ loan_id: loan.id, date }, { onSettled: onClose })}
        >
          Submit
        </Button>
      </Group>
    </Stack>
  );
}
