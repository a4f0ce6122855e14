import { useLayoutEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Badge, Button, Group, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  MACRO_BODY_MAX_LENGTH,
  MACRO_MAX_TAGS,
  MESSAGE_PURPOSE_LABELS,
  messagePurposes,
  parseMacroTags,
  unknownVariablesError,
} from '@portal/contracts';
import type { DraftErrors, DraftField, MacroDraft } from '../macro-draft.ts';
import { MacroVariableList } from './macro-variable-list.tsx';

type MacroFormProps = {
  draft: MacroDraft;
  // The title the macro was loaded with; null for a new macro.
  originalTitle: string | null;
  errors: DraftErrors;
  dirty: boolean;
  saving: boolean;
  onChange: (field: DraftField, value: string) => void;
  onSave: () => void;
  onRevert: () => void;
};

const count = (n: number) => n.toLocaleString('en-US');

// Title, text and comma-separated tags (spec 001 section 2). The contract's sentences show under
// their field; the tags show as the server will keep them.
export function MacroForm({ draft, originalTitle, errors, dirty, saving, onChange, onSave, onRevert }: MacroFormProps) {
  const tags = parseMacroTags(draft.tags);
  const renaming = originalTitle !== null && draft.title.trim() !== '' && draft.title.trim() !== originalTitle;
  const length = draft.body.length;
  const errorOf = (field: DraftField) => (errors[field] ? errors[field].join(' ') : undefined);
  // A variable the Portal does not know, said as it is typed; saving is refused with the same words.
  const unknownVariables = errors.body ? null : unknownVariablesError(draft.body);
  const [bodyInput, setBodyInput] = useState<HTMLTextAreaElement | null>(null);
  // Where the caret goes after a variable is inserted; a new object each time so each one is applied.
  const [caret, setCaret] = useState<{ position: number } | null>(null);

  useLayoutEffect(() => {
    if (!bodyInput || !caret) return;
    bodyInput.focus();
    bodyInput.setSelectionRange(caret.position, caret.position);
  }, [bodyInput, caret]);

  // The variable goes where the cursor was in the text (in place of a selection), or at its end.
  const insertVariable = (token: string) => {
    const start = bodyInput?.selectionStart ?? draft.body.length;
    const end = bodyInput?.selectionEnd ?? start;
    onChange('body', `${draft.body.slice(0, start)}${token}${draft.body.slice(end)}`);
    setCaret({ position: start + token.length });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };

  // Enter in Tags ends the tag being typed (a comma, so the next word starts another) and never
  // saves: it used to submit the form, and a second Enter saved a second version (issue 28).
  const endTag = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const typing = draft.tags.split(',').at(-1) ?? '';
    if (typing.trim() !== '') onChange('tags', `${draft.tags.trimEnd()}, `);
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Macro" noValidate>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg">
            {originalTitle === null ? 'New macro' : `Editing #${originalTitle}`}
          </Title>
          {dirty && (
            <Badge color="orange" variant="light">
              Unsaved changes
            </Badge>
          )}
        </Group>
        <TextInput
          label="Title"
          description="Lowercase letters, digits and underscores: agents type it as #title in a reply."
          value={draft.title}
          onChange={(event) => onChange('title', event.currentTarget.value)}
          error={errorOf('title')}
          spellCheck={false}
          autoComplete="off"
          withAsterisk
        />
        {renaming && (
          <Text fz="sm" c="orange.8" role="note">
            Saving renames #{originalTitle} to #{draft.title.trim()}. Agents who type #{originalTitle} will no longer
            find it.
          </Text>
        )}
        <Textarea
          ref={setBodyInput}
          label="Text"
          description={
            <Text component="span" fz="xs" c={length > MACRO_BODY_MAX_LENGTH ? 'red.7' : 'dimmed'}>
              {count(length)} / {count(MACRO_BODY_MAX_LENGTH)} characters
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={draft.body}
          onChange={(event) => onChange('body', event.currentTarget.value)}
          error={errorOf('body')}
          autosize
          minRows={6}
          maxRows={16}
          withAsterisk
        />
        {unknownVariables && (
          <Text fz="sm" c="orange.9" role="note">
            {unknownVariables}
          </Text>
        )}
        <MacroVariableList onInsert={insertVariable} />
        <Radio.Group
          label="Purpose"
          description="What a message sent from this macro is: collection messages meet every contact rule (the bankruptcy stay, the weekly cap of collection texts)."
          value={draft.purpose}
          onChange={(value) => onChange('purpose', value)}
        >
          <Group gap="lg" mt={6}>
            {messagePurposes.map((purpose) => (
              <Radio key={purpose} value={purpose} label={MESSAGE_PURPOSE_LABELS[purpose]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label="Tags"
          description="Separated by commas. Each tag is a group of the macro dropdown in the reply box."
          placeholder="e.g. Account, Payments"
          value={draft.tags}
          onChange={(event) => onChange('tags', event.currentTarget.value)}
          onKeyDown={endTag}
          error={errorOf('tags')}
          autoComplete="off"
        />
        {tags.length === 0 ? (
          <Text fz="xs" c="dimmed">
            No tags: the macro is listed under Uncategorized.
          </Text>
        ) : (
          <Group gap={6} role="list" aria-label="Tags as they will be saved">
            {tags.map((tag) => (
              <Badge key={tag.toLowerCase()} variant="light" role="listitem" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        {tags.length > MACRO_MAX_TAGS && (
          <Text fz="xs" c="red.7">
            That is {tags.length} tags; a macro has at most {MACRO_MAX_TAGS}.
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            Save
          </Button>
          <Button type="button" variant="default" onClick={onRevert} disabled={!dirty || saving}>
            Discard changes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
