import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_PATH, BLOG_IMAGE_TYPES } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { useUploadBlogImage } from '../api/blog-posts.ts';

type BlogMetaImageProps = {
  // The image's file name ('' for none).
  name: string;
  // What to call a new upload (the post's url, so names say which post they belong to).
  suggestedName: string;
  onUploaded: (name: string) => void;
  onInsert: (src: string) => void;
};

// The post's meta image: upload (checked by the server by content), a preview, and a button that
// puts it in the post (a live post's html must name it).
export function BlogMetaImage({ name, suggestedName, onUploaded, onInsert }: BlogMetaImageProps) {
  const upload = useUploadBlogImage();
  const src = name === '' ? null : `${BLOG_IMAGE_PATH}/${name}`;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={500} fz="sm">
          Meta image
        </Text>
        {src ? (
          <Image src={src} alt="The post’s meta image" h={140} w="auto" fit="contain" radius="sm" />
        ) : (
          <Text c="dimmed" fz="sm">
            No image yet. JPEG, PNG, GIF or WebP, at most {BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB.
          </Text>
        )}
        {name !== '' && (
          <Text fz="xs" ff="monospace" data-testid="meta-image-name">
            {name}
          </Text>
        )}
        <Group gap="xs">
          <FileButton
            accept={BLOG_IMAGE_TYPES.join(',')}
            onChange={(file) => {
              if (!file) return;
              upload.mutate(
                { file, name: suggestedName || file.name },
                { onSuccess: (answer) => onUploaded(answer.name) },
              );
            }}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                {name === '' ? 'Upload image' : 'Replace image'}
              </Button>
            )}
          </FileButton>
          <Button size="xs" variant="default" disabled={!src} onClick={() => src && onInsert(src)}>
            Insert into post
          </Button>
        </Group>
        {upload.isError && (
          <Text c="red" fz="sm" role="alert">
            {errorMessages(upload.error).join(' ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
