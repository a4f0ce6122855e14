import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import { ADJUSTMENT_TYPE_OPTIONS, generatesAdjustmentFile, type AdjustmentType } from '@portal/contracts';

export type AdjustmentRequest = {
  user_id: number;
  loan_id: number;
  adj_type: AdjustmentType;
  reason: string | null;
  gen_adj_file: boolean;
};

type AdjustmentFormProps = {
  onSubmit: (request: AdjustmentRequest) => Promise<boolean>;
  submitting: boolean;
};

const TYPE_DATA = [{ value: '', label: 'Choose a type' }, ...ADJUSTMENT_TYPE_OPTIONS];

const asNumber = (value: string | number) => (value === '' ? Number.NaN : Number(value));

// Loan ID, User ID, Adjustment Type, Reason (optional), Submit (spec 001 section 2). The spec shows
// no client-side rule: the server says what is wrong. gen_adj_file follows the type (false for Do
// Not Report). The form is cleared once the adjustment is recorded.
export function AdjustmentForm({ onSubmit, submitting }: AdjustmentFormProps) {
  const [loanId, setLoanId] = useState<string | number>('');
  const [userId, setUserId] = useState<string | number>('');
  const [type, setType] = useState('');
  const [reason, setReason] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const adjType = ADJUSTMENT_TYPE_OPTIONS.find((option) => option.value === type)?.value;
    const recorded = await onSubmit({
      loan_id: asNumber(loanId),
      user_id: asNumber(userId),
      // An unchosen type goes as it is: the server names the problem.
      adj_type: adjType ?? (type as AdjustmentType),
      reason: reason.trim() === '' ? null : reason.trim(),
      gen_adj_file: adjType ? generatesAdjustmentFile(adjType) : true,
    });
    if (!recorded) return;
    setLoanId('');
    setUserId('');
    setType('');
    setReason('');
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={(event) => void submit(event)}
      aria-label="Credit report adjustment"
    >
      <Stack gap="sm" maw={480}>
        <NumberInput
          label="Loan ID"
          value={loanId}
          onChange={setLoanId}
          allowDecimal={false}
          allowNegative={false}
          hideControls
        />
        <NumberInput
          label="User ID"
          value={userId}
          onChange={setUserId}
          allowDecimal={false}
          allowNegative={false}
          hideControls
        />
        <NativeSelect
          label="Adjustment Type"
          data={TYPE_DATA}
          value={type}
          onChange={(event) => setType(event.currentTarget.value)}
        />
        <TextInput
          label="Reason"
          description="Optional."
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
        />
        <Group>
          <Button type="submit" loading={submitting}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
