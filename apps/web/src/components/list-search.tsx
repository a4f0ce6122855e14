import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { LIST_SEARCH_MAX_LENGTH } from '@portal/contracts';

type ListSearchProps = {
  // The search the list shows now (from its URL).
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder?: string;
};

// A list's search box (issue 40): the text goes to the URL when submitted (Enter or Search), so each
// search is a step Back returns from; Clear removes it.
export function ListSearch(props: ListSearchProps) {
  // Keyed by the URL's search, so Back and Forward put the box's text back as well.
  return <SearchForm key={props.value} {...props} />;
}

function SearchForm({ value, onSearch, label, placeholder }: ListSearchProps) {
  const [text, setText] = useState(value);
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={text}
          maxLength={LIST_SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.currentTarget.value)}
          w={260}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
        {value !== '' && (
          <Button variant="subtle" onClick={() => onSearch('')}>
            Clear
          </Button>
        )}
      </Group>
    </form>
  );
}
