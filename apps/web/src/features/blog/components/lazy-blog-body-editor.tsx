import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton, Stack, Text } from '@mantine/core';

// Tiptap, ProseMirror and @mantine/tiptap are about 110 kB gzipped: the post's rich-text editor
// loads when the page first renders it, not with the page, so the post's fields, the load bar and
// Save are usable at once. Until it arrives its label and an editor-sized placeholder hold its place.
const LoadedBlogBodyEditor = lazy(async () => ({ default: (await import('./blog-body-editor.tsx')).BlogBodyEditor }));

export function BlogBodyEditor(props: ComponentProps<typeof LoadedBlogBodyEditor>) {
  return (
    <Suspense
      fallback={
        <Stack gap={4}>
          <Text fw={500} fz="sm">
            {props.label}
          </Text>
          {/* The toolbar (about 46 px) and the content's 320 px. */}
          <Skeleton h={366} animate={false} />
        </Stack>
      }
    >
      <LoadedBlogBodyEditor {...props} />
    </Suspense>
  );
}
