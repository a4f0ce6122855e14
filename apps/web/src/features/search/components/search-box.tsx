import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Group, Radio, TextInput } from '@mantine/core';
import { searchKinds, searchPath, type SearchKind } from '@portal/contracts';
import { searchHint } from '../search-hint.ts';

function toSearchKind(value: string): SearchKind {
  return searchKinds.find((kind) => kind === value) ?? 'User';
}

// The global search box (spec 000 section 2): Enter opens /user?{parameter}={value}.
export function SearchBox({ autoFocus = false }: { autoFocus?: boolean } = {}) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<SearchKind>('User');
  const [value, setValue] = useState('');

  function search(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const path = searchPath(kind, value);
    if (path) void navigate(path);
  }

  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Radio.Group value={kind} onChange={(next) => setKind(toSearchKind(next))} aria-label="Search for">
        <Group gap={10} wrap="nowrap">
          {searchKinds.map((option) => (
            <Radio key={option} value={option} label={option} size="xs" styles={{ label: { paddingInlineStart: 6 } }} />
          ))}
        </Group>
      </Radio.Group>
      {/* The hint is the input's description: Mantine gives it an id of its own (unique when the
          empty user page shows a second box) and points the input's aria-describedby at it. */}
      <TextInput
        aria-label="Search"
        description={searchHint(kind, value)}
        inputWrapperOrder={['input', 'description']}
        styles={{ description: { fontSize: 11, lineHeight: 1.4, marginTop: 2 } }}
        placeholder={kind === 'User' ? 'Email, phone, ID or name' : `${kind} ID`}
        size="xs"
        w={{ base: 140, lg: 200 }}
        type="search"
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={search}
      />
    </Group>
  );
}
