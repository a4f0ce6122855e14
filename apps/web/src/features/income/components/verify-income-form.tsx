import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  INCOME_FREQUENCIES,
  incomeVerifyProblems,
  type IncomeReviewItem,
  type IncomeVerifyFields,
  type IncomeVerifyProblems,
} from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useVerifyIncome } from '../api/verify-income.ts';
import { failureMessages, flashTop } from './income-flash.ts';

const EMPTY_FORM: IncomeVerifyFields = {
  name_match: false,
  paystub_date: '',
  gross_income: '',
  net_income: '',
  frequency: '',
  start_date: '',
  end_date: '',
};

const FREQUENCY_DATA = [{ value: '', label: 'Choose a frequency' }, ...INCOME_FREQUENCIES];
const NO_PROBLEMS: IncomeVerifyProblems = {};
// Gross and net income: dollars and cents.
const MONEY_INPUT = { inputMode: 'decimal', leftSection: '$', placeholder: '0.00' } as const;

type VerifyIncomeFormProps = {
  item: IncomeReviewItem;
  // The next loan is on its way: nothing more is sent for this one.
  busy: boolean;
};

// Verify the loan's income (spec 001 sections 5 and 9) under the rules the server applies too
// (incomeVerifyProblems): problems show under their fields once the form was sent, and follow each
// change; nothing is sent while one remains.
export function VerifyIncomeForm({ item, busy }: VerifyIncomeFormProps) {
  const [form, setForm] = useState<IncomeVerifyFields>(EMPTY_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const verify = useVerifyIncome();
  const periodProblemId = useId();
  const limits = { today: item.today, minimumPaystubDate: item.paystub_must_be_dated_on_or_after };
  const problems = submitted ? incomeVerifyProblems(form, limits) : NO_PROBLEMS;

  // What ties a text field to the form: its value, its changes and its problem.
  const textField = (field: Exclude<keyof IncomeVerifyFields, 'name_match'>) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [field]: value }));
    },
    error: problems[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setErrors([]);
    if (Object.keys(incomeVerifyProblems(form, limits)).length > 0) return;
    try {
      const answer = await verify.mutateAsync({ loan_id: item.loan_id, ...form });
      flashTop(answer.message);
    } catch (error) {
      setErrors(failureMessages(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Verify Income">
      <Stack gap="sm">
        {errors.length > 0 && (
          <ErrorAlert title="The income was not verified" errors={errors} onClose={() => setErrors([])} />
        )}
        <Checkbox
          label="The name on the documents matches the user's name"
          checked={form.name_match}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setForm((current) => ({ ...current, name_match: checked }));
          }}
          error={problems.name_match}
        />
        <TextInput
          label="Paystub date"
          type="date"
          min={item.paystub_must_be_dated_on_or_after}
          max={item.paystub_must_be_dated_on_or_before}
          {...textField('paystub_date')}
          withAsterisk
        />
        <Group grow align="flex-start">
          <TextInput label="Gross income" {...MONEY_INPUT} {...textField('gross_income')} withAsterisk />
          <TextInput label="Net income" {...MONEY_INPUT} {...textField('net_income')} withAsterisk />
        </Group>
        <Fieldset
          legend="Pay period"
          variant="unstyled"
          aria-describedby={problems.period ? periodProblemId : undefined}
        >
          <Stack gap="xs">
            <NativeSelect label="Frequency" data={FREQUENCY_DATA} {...textField('frequency')} />
            <Text fz="sm" c="dimmed">
              or the dates of the pay period
            </Text>
            <Group grow align="flex-start">
              <TextInput label="Start date" type="date" max={item.today} {...textField('start_date')} />
              <TextInput label="End date" type="date" max={item.today} {...textField('end_date')} />
            </Group>
            {problems.period && (
              <Text id={periodProblemId} fz="sm" c="red">
                {problems.period}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={verify.isPending} disabled={busy}>
            Verify Income
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
