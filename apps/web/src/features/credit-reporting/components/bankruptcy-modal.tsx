import { useState, type ChangeEvent, type FormEvent } from 'react';
import { NativeSelect, TextInput } from '@mantine/core';
import {
  BANKRUPTCY_CHAPTERS,
  fcraBankruptcyProblems,
  type FcraBankruptcyForm,
  type FcraBankruptcyKind,
} from '@portal/contracts';
import { FormModal } from '../../../components/form-modal.tsx';
import { businessToday } from '../../../lib/business-date.ts';
import { useRecordBankruptcy } from '../api/record-bankruptcy.ts';
import { failureMessages, flashTop } from '../credit-flash.ts';

const WORDS: Record<FcraBankruptcyKind, { title: string; date: string; submit: string }> = {
  file: { title: 'File bankruptcy', date: 'Date filed', submit: 'File bankruptcy' },
  discharge: { title: 'Discharge bankruptcy', date: 'Date discharged', submit: 'Discharge bankruptcy' },
};

const TYPE_DATA = [
  { value: '', label: 'Choose a type' },
  ...BANKRUPTCY_CHAPTERS.map((chapter) => ({ value: chapter, label: `Chapter ${chapter}` })),
];

type BankruptcyModalProps = {
  kind: FcraBankruptcyKind;
  onClose: () => void;
  // What was recorded, in the server's sentence (the case, the indicator now reported, debits stopped).
  onDone: (detail: string) => void;
  // Prefilled: the loan searched, and for a discharge the case on record.
  initial: FcraBankruptcyForm;
};

// File or discharge a bankruptcy from the lookup (spec 001 sections 3, 5, 8): every field
// required, the type 7 or 13, case code and loan id numeric (fcraBankruptcyProblems, the server's
// own rule). Problems show under their fields once the form was sent, and follow each change.
export function BankruptcyModal({ kind, onClose, onDone, initial }: BankruptcyModalProps) {
  const words = WORDS[kind];
  const [form, setForm] = useState<FcraBankruptcyForm>(initial);
  const [checked, setChecked] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const record = useRecordBankruptcy();
  const problems = checked ? fcraBankruptcyProblems(form, kind, businessToday()) : [];
  const problemOf = (field: keyof FcraBankruptcyForm) => {
    const messages = problems.filter((problem) => problem.field === field).map((problem) => problem.message);
    return messages.length > 0 ? messages.join(' ') : undefined;
  };
  // What ties a field to the form: its value, its changes and its problems.
  const formField = (field: keyof FcraBankruptcyForm) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [field]: value }));
    },
    error: problemOf(field),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setErrors([]);
    if (fcraBankruptcyProblems(form, kind, businessToday()).length > 0) return;
    try {
      const answer = await record.mutateAsync({ kind, ...form });
      flashTop(answer.message);
      onDone(answer.detail);
      onClose();
    } catch (error) {
      setErrors(failureMessages(error));
    }
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={words.title}
      errors={errors}
      onDismissErrors={() => setErrors([])}
      onSubmit={submit}
      pending={record.isPending}
      submitLabel={words.submit}
    >
      <TextInput label="Loan ID" inputMode="numeric" {...formField('id')} withAsterisk />
      <TextInput
        label="Case code"
        inputMode="numeric"
        description="Digits only (24-10234 is 2410234)."
        {...formField('case_code')}
        withAsterisk
      />
      <NativeSelect label="Bankruptcy type" data={TYPE_DATA} {...formField('b_type')} withAsterisk />
      <TextInput label={words.date} type="date" max={businessToday()} {...formField('date')} withAsterisk />
    </FormModal>
  );
}
