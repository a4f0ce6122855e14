import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { agentValue, type AgentInput } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import type { AskedVariable } from './agent-variables-form.tsx';

type Field = { key: string; token: string; label: string; description: string; input: AgentInput };

function fieldOf(part: AskedVariable): Field {
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

// The form's fields, loaded when the form first opens (not with the workspace: its weight).
export function AgentVariablesFields({
  asked,
  onFill,
  onCancel,
}: {
  asked: readonly AskedVariable[];
  onFill: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const fields = asked.map(fieldOf);
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
            autoFocus={index === 0}
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
