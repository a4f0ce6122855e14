import type { ReactNode } from 'react';
import { Button, Group, Radio, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  DISPUTE_FIELD_LABELS,
  DISPUTE_TYPES,
  US_STATES,
  ZIP_PLACEHOLDER,
  type DisputeFormField,
} from '@portal/contracts';
import type { DisputeForm } from '../hooks/use-dispute-form.ts';

type DisputeDetailsTabProps = {
  form: DisputeForm;
  editable: boolean;
  saving: boolean;
  onSave: () => void;
};

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));
const TYPE_OPTIONS = DISPUTE_TYPES.map((type) => ({ value: type.value, label: type.label }));

type TextField = Exclude<DisputeFormField, 'state' | 'type' | 'sent_by_third_party' | 'contains_valid_3pa'>;
type YesNoField = 'sent_by_third_party' | 'contains_valid_3pa';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

// The Details tab (spec 001 section 2): the dispute's user, response address, type and third-party
// answers. Problems show under their field as the employee types; Save sends only what changed.
export function DisputeDetailsTab({ form, editable, saving, onSave }: DisputeDetailsTabProps) {
  const { values, problems, dirty } = form;

  const text = (field: TextField, extra: { placeholder?: string } = {}) => (
    <TextInput
      label={DISPUTE_FIELD_LABELS[field]}
      value={values[field]}
      onChange={(event) => form.setField(field, event.currentTarget.value)}
      error={problems[field]}
      disabled={!editable}
      {...extra}
    />
  );

  const yesNo = (field: YesNoField) => {
    const value = values[field];
    return (
      <Radio.Group
        label={DISPUTE_FIELD_LABELS[field]}
        value={value === null ? null : value ? 'yes' : 'no'}
        onChange={(choice) => form.setField(field, choice === 'yes')}
      >
        <Group gap="lg" mt={4}>
          <Radio value="yes" label="Yes" disabled={!editable} />
          <Radio value="no" label="No" disabled={!editable} />
        </Group>
      </Radio.Group>
    );
  };

  return (
    <Stack gap="lg">
      <Section title="User Information">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('user_id')}
          {text('loan_id')}
          {text('first_name')}
          {text('last_name')}
        </SimpleGrid>
      </Section>
      <Section title="Response Address">
        {text('street')}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('city')}
          <Select
            label={DISPUTE_FIELD_LABELS.state}
            data={STATE_OPTIONS}
            value={values.state === '' ? null : values.state}
            onChange={(state) => form.setField('state', state ?? '')}
            error={problems.state}
            disabled={!editable}
            searchable
            clearable
          />
          {text('zip', { placeholder: ZIP_PLACEHOLDER })}
        </SimpleGrid>
      </Section>
      <Section title="Dispute Type">
        <Select
          label={DISPUTE_FIELD_LABELS.type}
          placeholder="Select a dispute type"
          data={TYPE_OPTIONS}
          value={values.type === '' ? null : values.type}
          onChange={(type) => form.setField('type', type ?? '')}
          error={problems.type}
          disabled={!editable}
          clearable
        />
      </Section>
      <Section title="Third Party Information">
        {yesNo('sent_by_third_party')}
        {yesNo('contains_valid_3pa')}
      </Section>
      <Group justify="flex-end">
        {dirty && (
          <Button variant="default" onClick={form.clear} disabled={saving}>
            Clear Changes
          </Button>
        )}
        <Button onClick={onSave} disabled={!dirty || saving || !editable}>
          {saving ? 'Saving...' : dirty ? 'Save Changes' : 'No Changes'}
        </Button>
      </Group>
    </Stack>
  );
}
