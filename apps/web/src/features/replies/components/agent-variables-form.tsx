import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { agentValue, type AgentInput, type VariablePart } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';

// A variable the agent is asked for: the catalogue's agent variables and the macro's own {?label}.
export type AskedVariable = Extract<VariablePart, { kind: 'variable' | 'asked' }>;

type Field = { key: string; token: string; label: string; description: string; input: AgentInput };

export function fieldOf(part: AskedVariable): Field {
  if (part.kind === 'asked')
    return { key: part.key, token: part.token, label: part.label, description: 'Asked by the macro.', input: 'text' };
  const { variable } = part;
  return variable.source === 'agent'
    ? {
        key: part.key,
        token: part.token,
        label: variable.label,
        description: variable.description,
        input: variable.input,
      }
    : { key: part.key, token: part.token, label: variable.name, description: variable.description, input: 'text' };
}

const INPUT_PROPS: Record<AgentInput, { type: string; inputMode?: 'decimal' | 'tel' | 'email'; placeholder?: string }> =
  {
    text: { type: 'text' },
    date: { type: 'date' },
    money: { type: 'text', inputMode: 'decimal', placeholder: '125.00' },
    phone: { type: 'tel', inputMode: 'tel', placeholder: '(503) 555-0123' },
    email: { type: 'email', inputMode: 'email', placeholder: 'name@example.com' },
  };

type AgentVariablesFormProps = {
  // The variables to ask for; the form is open while there are some.
  asked: readonly AskedVariable[];
  macroTitle: string | null;
  // The values as the customer reads them ($125.00, July 2, 2027), by the variable's key.
  onFill: (values: Record<string, string>) => void;
  onCancel: () => void;
};

// What a macro needs from the agent, asked when it is inserted (decision 061): one field per
// variable, checked and written for the customer by the contract's rule (agentValue); Insert puts
// the filled text in the reply, Cancel leaves the reply as it was.
export function AgentVariablesForm({ asked, macroTitle, onFill, onCancel }: AgentVariablesFormProps) {
  return (
    <Modal
      opened={asked.length > 0}
      onClose={onCancel}
      title={macroTitle ? `Fill in #${macroTitle}` : 'Fill in the macro'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="md"
    >
      {asked.length > 0 && (
        <AgentVariablesFields
          key={asked.map((part) => part.key).join('\n')}
          fields={asked.map(fieldOf)}
          onFill={onFill}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

function AgentVariablesFields({
  fields,
  onFill,
  onCancel,
}: {
  fields: readonly Field[];
  onFill: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = businessToday();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const checked = agentValue(field.input, typed[field.key] ?? '', field.label);
      if (checked.ok) values[field.key] = checked.text;
      else problems[field.key] = checked.error;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      // The first field to correct gets the focus, so a keyboard user lands on it.
      const first = fields.findIndex((field) => problems[field.key]);
      if (first >= 0) document.getElementById(fieldId(first))?.focus();
      return;
    }
    onFill(values);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Values for the macro">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          The macro needs {fields.length === 1 ? 'this' : 'these'} from you. They go into the reply as the customer will
          read them.
        </Text>
        {fields.map((field, index) => (
          <TextInput
            key={field.key}
            id={fieldId(index)}
            label={field.label}
            description={`${field.token}: ${field.description}`}
            {...INPUT_PROPS[field.input]}
            {...(field.input === 'date' ? { min: today } : {})}
            value={typed[field.key] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setTyped((current) => ({ ...current, [field.key]: value }));
              setErrors(({ [field.key]: _cleared, ...rest }) => rest);
            }}
            error={errors[field.key]}
            leftSection={field.input === 'money' ? '$' : undefined}
            data-autofocus={index === 0 ? true : undefined}
            autoComplete="off"
            withAsterisk
          />
        ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Insert</Button>
        </Group>
      </Stack>
    </form>
  );
}

function fieldId(index: number): string {
  return `agent-variable-${index}`;
}
