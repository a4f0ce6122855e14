import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { validateUserField, type EditableUserField } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';

type UserFieldProps = {
  label: string;
  field: EditableUserField;
  value: string | null;
  // How the value reads when not editing (a phone with separators, a date spelled out).
  display?: string;
  // Saves the checked value; rejects with the server's error (a 409 keeps the editor open for Force).
  onSave: (field: EditableUserField, text: string, force: boolean) => Promise<unknown>;
};

// A field of the user card (spec 000 section 2): a click copies the value, a right-click edits it.
// A bad value alerts 'Invalid Entry for field: {field}' before any call; Force saves an email or
// phone another customer already has.
export function UserField({ label, field, value, display, onSave }: UserFieldProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [force, setForce] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  function startEditing(event: MouseEvent) {
    event.preventDefault();
    setText(value ?? '');
    setForce(false);
    setProblem(null);
    setEditing(true);
  }

  function copy() {
    if (!value) return;
    void navigator.clipboard?.writeText(value).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1200);
    });
  }

  function save() {
    const check = validateUserField(field, text, businessToday());
    if (!check.ok) {
      window.alert(check.error);
      return;
    }
    if (check.value === (value ?? '') && !force) {
      setEditing(false);
      return;
    }
    setSaving(true);
    setProblem(null);
    onSave(field, check.value, force)
      .then(
        () => setEditing(false),
        (error: unknown) => setProblem(errorMessages(error).join(' ')),
      )
      .finally(() => setSaving(false));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      setEditing(false);
    }
  }

  if (editing) {
    return (
      <Stack gap={4}>
        <TextInput
          size="xs"
          label={label}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoFocus
          disabled={saving}
        />
        <Group gap="xs">
          <Checkbox
            size="xs"
            label="Force"
            checked={force}
            onChange={(event) => setForce(event.currentTarget.checked)}
          />
          <Button size="compact-xs" onClick={save} loading={saving}>
            Save
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
        </Group>
        {problem && (
          <Text fz="xs" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      <Text fz={11} c="dimmed">
        {label}
      </Text>
      <Tooltip label={copied ? 'Copied' : 'Click to copy, right-click to edit'} opened={copied || undefined}>
        <UnstyledButton onClick={copy} onContextMenu={startEditing} aria-label={`${label}: ${value ?? 'empty'}`}>
          <Text fz="sm" c={value ? undefined : 'dimmed'}>
            {display ?? value ?? '—'}
          </Text>
        </UnstyledButton>
      </Tooltip>
    </Stack>
  );
}
