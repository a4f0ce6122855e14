import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, DataList, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { validateUserField, type EditableUserField } from '@portal/contracts';
import { businessToday } from '../lib/business-date.ts';

type EditableFieldProps = {
  label: string;
  field: EditableUserField;
  value: string | null;
  // How the value reads when not editing (a phone with separators, a date spelled out).
  display?: string;
  saving: boolean;
  onSave: (field: EditableUserField, text: string, done: () => void) => void;
};

function PencilIcon() {
  return (
    <svg
      width="13"
      height="13"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </svg>
  );
}

// A customer field that can be edited in place (the Personal Information panel). A bad value is refused
// before any call with the spec's alert (section 5).
export function EditableField({ label, field, value, display, saving, onSave }: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  function start() {
    setText(value ?? '');
    setEditing(true);
  }

  function save() {
    const check = validateUserField(field, text, businessToday());
    if (!check.ok) {
      window.alert(check.error);
      return;
    }
    if (check.value === (value ?? '')) {
      setEditing(false);
      return;
    }
    onSave(field, check.value, () => setEditing(false));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  }

  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        {editing ? (
          <Group gap={4} wrap="nowrap">
            <TextInput
              aria-label={label}
              size="xs"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              autoFocus
              style={{ flex: 1 }}
              disabled={saving}
            />
            <ActionIcon size="sm" variant="filled" aria-label={`Save ${label}`} onClick={save} loading={saving}>
              ✓
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`Cancel editing ${label}`}
              onClick={() => setEditing(false)}
            >
              ✕
            </ActionIcon>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" className="editable-field">
            <Text fz="xs" c={value ? undefined : 'dimmed'}>
              {value ? (display ?? value) : '—'}
            </Text>
            <Tooltip label={`Edit ${label.toLowerCase()}`} openDelay={500}>
              <ActionIcon size="xs" variant="subtle" color="gray" aria-label={`Edit ${label}`} onClick={start}>
                <PencilIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
