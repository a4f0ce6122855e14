import { useState, type FormEvent } from 'react';
import { Autocomplete, Button, Group, Paper } from '@mantine/core';

type MacroLoadBarProps = {
  // The titles of the macros there are; null while they load.
  titles: readonly string[] | null;
  loading: boolean;
  onLoad: (title: string) => void;
  onNew: () => void;
};

// Load a macro by its title (spec 001 section 2): suggestions from the titles there are; Load or
// Enter loads what is typed, picking a suggestion loads it at once.
export function MacroLoadBar({ titles, loading, onLoad, onNew }: MacroLoadBarProps) {
  const [title, setTitle] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onLoad(title);
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Load a macro">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Autocomplete
          label="Macro title"
          description="Type a title or pick one; an unknown title starts a new macro."
          placeholder={titles === null ? 'Loading macros…' : 'e.g. change_phone'}
          data={titles ?? []}
          value={title}
          onChange={setTitle}
          onOptionSubmit={(picked) => {
            setTitle(picked);
            onLoad(picked);
          }}
          limit={50}
          maxDropdownHeight={280}
          spellCheck={false}
          autoComplete="off"
          w={{ base: '100%', sm: 360 }}
        />
        <Button type="submit" loading={loading}>
          Load
        </Button>
        <Button type="button" variant="default" onClick={onNew}>
          New macro
        </Button>
      </Group>
    </Paper>
  );
}
