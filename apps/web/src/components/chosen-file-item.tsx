import type { ReactNode } from 'react';
import { ActionIcon, Group, List, Text } from '@mantine/core';

// The same file chosen twice (picked again, or dropped after being picked) is listed once.
export const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

// A list key that tells two chosen files apart exactly when sameFile does.
export const chosenFileKey = (file: File) => `${file.name}-${file.size}-${file.lastModified}`;

type ChosenFileItemProps = { file: File; disabled: boolean; onRemove: () => void; children?: ReactNode };

// One file chosen for an upload, in its List: a button removes it before the upload; `children`
// is what else the list shows of the file.
export function ChosenFileItem({ file, disabled, onRemove, children }: ChosenFileItemProps) {
  return (
    <List.Item>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={`Remove ${file.name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          ×
        </ActionIcon>
        <Text fz="sm">{file.name}</Text>
        {children}
      </Group>
    </List.Item>
  );
}
