import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  BANKRUPTCY_CHAPTERS,
  NOTICE_DATE_FIELDS,
  NOTICE_FIELD_LABELS,
  NOTICE_TYPES,
  formatSsnEntry,
  type NoticeProblem,
} from '@portal/contracts';
import { courtDistricts } from '@portal/contracts/court-districts';
import { formatUsDateEntry, type NoticeDraft, type NoticeFieldName } from '../notice-draft.ts';
import { problemProps, problemText, WARNING_COLOR, type ProblemMode } from './problem-display.ts';

const typeOptions = NOTICE_TYPES.map((type) => ({ value: type.value, label: type.label }));
const chapterOptions = BANKRUPTCY_CHAPTERS.map((chapter) => ({ value: chapter, label: chapter }));
// The form shows the court's name and sends its code.
const districtOptions = courtDistricts.map((district) => ({ value: district.code, label: district.name }));

type NoticeFormProps = {
  draft: NoticeDraft;
  onChange: (draft: NoticeDraft) => void;
  problems: readonly NoticeProblem[];
  mode: ProblemMode;
  // Staff choose the customer only when none was matched.
  chooseCustomer: boolean;
  disabled: boolean;
};

// The notice's edit mode (spec 001 section 5): every parsed field, dates MM/DD/YYYY, SSNs kept to
// digits (formatted past 4), the rules' problems under their fields.
export function NoticeForm({ draft, onChange, problems, mode, chooseCustomer, disabled }: NoticeFormProps) {
  const setField = (field: NoticeFieldName, value: string) =>
    onChange({ ...draft, fields: { ...draft.fields, [field]: value } });
  const text = (field: NoticeFieldName, placeholder?: string) => (
    <TextInput
      label={NOTICE_FIELD_LABELS[field]}
      placeholder={placeholder}
      value={draft.fields[field]}
      disabled={disabled}
      onChange={(event) => setField(field, event.currentTarget.value)}
      {...problemProps(problems, field, mode)}
    />
  );
  const ssn = (field: 'debtor_ssn' | 'joint_debtor_ssn') => (
    <TextInput
      label={NOTICE_FIELD_LABELS[field]}
      placeholder="XXX-XX-XXXX or last 4"
      inputMode="numeric"
      autoComplete="off"
      value={draft.fields[field]}
      disabled={disabled}
      onChange={(event) => setField(field, formatSsnEntry(event.currentTarget.value))}
      {...problemProps(problems, field, mode)}
    />
  );
  const debtorsProblem = problemText(problems, 'debtors');

  // The three selects are required fields: none offers a way to empty it (no `clearable`), and
  // picking the chosen option again keeps it (the theme's `allowDeselect: false`).
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={NOTICE_FIELD_LABELS.type}
          placeholder="Choose a notice type"
          data={typeOptions}
          value={draft.type || null}
          disabled={disabled}
          allowDeselect={false}
          onChange={(value) => onChange({ ...draft, type: value ?? '' })}
          {...problemProps(problems, 'type', mode)}
        />
        <Select
          label={NOTICE_FIELD_LABELS.b_type}
          placeholder="7 or 13"
          data={chapterOptions}
          value={draft.fields.b_type || null}
          disabled={disabled}
          onChange={(value) => setField('b_type', value ?? '')}
          {...problemProps(problems, 'b_type', mode)}
        />
        <Select
          label={NOTICE_FIELD_LABELS.court_district}
          placeholder="Search the courts"
          data={districtOptions}
          value={draft.fields.court_district || null}
          disabled={disabled}
          searchable
          nothingFoundMessage="No court by that name"
          onChange={(value) => setField('court_district', value ?? '')}
          {...problemProps(problems, 'court_district', mode)}
        />
        {text('case_number')}
        {text('debtor_name')}
        {ssn('debtor_ssn')}
        {text('joint_debtor_name')}
        {ssn('joint_debtor_ssn')}
      </SimpleGrid>
      {debtorsProblem && (
        <Text
          fz="sm"
          data-severity={mode}
          role={mode === 'error' ? 'alert' : undefined}
          style={{ color: mode === 'error' ? 'var(--mantine-color-error)' : WARNING_COLOR }}
        >
          {debtorsProblem}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {NOTICE_DATE_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={NOTICE_FIELD_LABELS[field]}
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            value={draft.fields[field]}
            disabled={disabled}
            onChange={(event) => setField(field, formatUsDateEntry(event.currentTarget.value))}
            {...problemProps(problems, field, mode)}
          />
        ))}
      </SimpleGrid>
      {chooseCustomer && (
        <TextInput
          label="Customer ID"
          description="The customer this notice is about, when none was matched."
          inputMode="numeric"
          value={draft.customerId}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, customerId: event.currentTarget.value.replace(/\D/g, '') })}
        />
      )}
    </Stack>
  );
}
