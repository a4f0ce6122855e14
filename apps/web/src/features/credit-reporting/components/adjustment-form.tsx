import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, NumberInput, Paper, Stack, TextInput } from '@mantine/core';
import {
  ADJUSTMENT_MESSAGES,
  ADJUSTMENT_TYPE_OPTIONS,
  generatesAdjustmentFile,
  type AdjustmentType,
} from '@portal/contracts';

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

// The prompt cannot be picked: a chosen type is never emptied again.
const TYPE_DATA = [{ value: '', label: 'Choose a type', disabled: true }, ...ADJUSTMENT_TYPE_OPTIONS];

type Missing = { loan_id?: string; user_id?: string; adj_type?: string };

// Loan ID, User ID, Adjustment Type, Reason (optional), Submit (spec 001 section 2). The spec shows
// no client-side rule; an empty field is named under it before anything is sent (the server's own
// words, issue 28), anything else the server says. gen_adj_file follows the type (false for Do Not
// Report). The form is cleared once the adjustment is recorded.
export function AdjustmentForm({ onSubmit, submitting }: AdjustmentFormProps) {
  const [loanId, setLoanId] = useState<string | number>('');
  const [userId, setUserId] = useState<string | number>('');
  const [type, setType] = useState('');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<Missing>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const adjType = ADJUSTMENT_TYPE_OPTIONS.find((option) => option.value === type)?.value;
    if (loanId === '' || userId === '' || !adjType) {
      setMissing({
        ...(loanId === '' && { loan_id: ADJUSTMENT_MESSAGES.loanIdMissing }),
        ...(userId === '' && { user_id: ADJUSTMENT_MESSAGES.userIdMissing }),
        ...(!adjType && { adj_type: ADJUSTMENT_MESSAGES.typeMissing }),
      });
      return;
    }
    const recorded = await onSubmit({
      loan_id: Number(loanId),
      user_id: Number(userId),
      adj_type: adjType,
      reason: reason.trim() === '' ? null : reason.trim(),
      gen_adj_file: generatesAdjustmentFile(adjType),
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
          onChange={(value) => {
            setLoanId(value);
            setMissing(({ loan_id: _, ...rest }) => rest);
          }}
          error={missing.loan_id}
          allowDecimal={false}
          allowNegative={false}
          hideControls
        />
        <NumberInput
          label="User ID"
          value={userId}
          onChange={(value) => {
            setUserId(value);
            setMissing(({ user_id: _, ...rest }) => rest);
          }}
          error={missing.user_id}
          allowDecimal={false}
          allowNegative={false}
          hideControls
        />
        <NativeSelect
          label="Adjustment Type"
          data={TYPE_DATA}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value);
            setMissing(({ adj_type: _, ...rest }) => rest);
          }}
          error={missing.adj_type}
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
