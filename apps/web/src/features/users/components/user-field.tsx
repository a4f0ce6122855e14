import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
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

// A field of the user card (spec 000 section 2): a click copies the value, a right-click edits it
// (from the keyboard: Enter copies, F2 or the context-menu key edits).
// A bad value alerts 'Invalid Entry for field: {field}' before any call; Force saves an email or
// phone another customer already has.
export function UserField({ label, field, value, display, onSave }: UserFieldProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [force, setForce] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // After an edit ends, the field gets the focus back, so the keyboard carries on from it.
  const fieldButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) fieldButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function startEditing(event: SyntheticEvent) {
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
      <Tooltip label={copied ? 'Copied' : 'Click to copy, right-click (or F2) to edit'} opened={copied || undefined}>
        <UnstyledButton
          ref={fieldButton}
          onClick={copy}
          onContextMenu={startEditing}
          onKeyDown={(event) => event.key === 'F2' && startEditing(event)}
          // The name holds what is shown (WCAG 2.5.3: speech users say what they see).
          aria-label={`${label}: ${display ?? value ?? 'empty'}`}
        >
          <Text fz="sm" c={value ? undefined : 'dimmed'}>
            {display ?? value ?? '—'}
          </Text>
        </UnstyledButton>
      </Tooltip>
    </Stack>
  );
}
