import { useState } from 'react';
import { Autocomplete, Button, Group } from '@mantine/core';
import { normalizeBlogUrl } from '@portal/contracts';
import { useBlogPostList } from '../api/blog-posts.ts';

type BlogLoadBarProps = {
  onLoad: (path: string) => void;
  onNew: () => void;
};

// Load a post by its path (suggestions from every post, drafts marked), or start a new one.
export function BlogLoadBar({ onLoad, onNew }: BlogLoadBarProps) {
  const [path, setPath] = useState('');
  const list = useBlogPostList();
  const posts = list.data?.posts ?? [];
  const drafts = new Set(posts.filter((post) => !post.live).map((post) => post.url));
  const options = posts.map((post) => post.url);
  const load = () => {
    const wanted = normalizeBlogUrl(path);
    if (wanted !== '') onLoad(wanted);
  };
  return (
    <Group align="flex-end" gap="xs">
      <Autocomplete
        label="Load a post by path"
        placeholder="how-to-build-credit"
        data={options}
        value={path}
        onChange={setPath}
        onOptionSubmit={(value) => onLoad(value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') load();
        }}
        renderOption={({ option }) => `${option.value}${drafts.has(option.value) ? ' (draft)' : ''}`}
        w={360}
        limit={20}
      />
      <Button variant="light" onClick={load} disabled={normalizeBlogUrl(path) === ''}>
        Load
      </Button>
      <Button variant="default" onClick={onNew}>
        New post
      </Button>
    </Group>
  );
}
