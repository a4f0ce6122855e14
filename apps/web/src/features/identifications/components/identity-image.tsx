import { useState } from 'react';
import { Center, Image, Loader, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { IdentityImage } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useApiFileUrl } from '../../../lib/use-api-file-url.ts';
import { HeicImagePlaceholder } from './heic-image-placeholder.tsx';
import { identityImageLabel } from './identity-image-label.ts';

const UNDRAWABLE_TYPES = new Set(['image/heic', 'image/heif']);

function Thumbnail({ image, label }: { image: IdentityImage; label: string }) {
  const [zoomed, setZoomed] = useState(false);
  const state = useApiFileUrl(image.ident_image_url, 'The image');
  if (state.status === 'loading')
    return (
      <Paper withBorder w={160} h={120}>
        <Center h="100%">
          <Loader size="sm" aria-label={`Loading ${label}`} />
        </Center>
      </Paper>
    );
  if (state.status === 'failed')
    return (
      <Paper withBorder w={160} h={120} p="xs">
        <Text fz="xs" c="red" role="alert">
          {state.message}
        </Text>
      </Paper>
    );
  return (
    <>
      <UnstyledButton aria-label={`Enlarge ${label}`} onClick={() => setZoomed(true)}>
        <Image src={state.objectUrl} alt={label} w={160} h={120} fit="contain" radius="sm" bd="1px solid gray.3" />
      </UnstyledButton>
      <Modal opened={zoomed} onClose={() => setZoomed(false)} title={label} size="xl" centered>
        <Image src={state.objectUrl} alt={`${label}, enlarged`} fit="contain" mah="80vh" />
      </Modal>
    </>
  );
}

// One of the card's pictures (the licence, front or back, or the selfie): a thumbnail that opens
// large on a click, with the camera's date when the file carries one.
export function IdentityImageView({ image }: { image: IdentityImage }) {
  const label = identityImageLabel(image);
  return (
    <Stack gap={4} w={160}>
      {UNDRAWABLE_TYPES.has(image.content_type.toLowerCase()) ? (
        <HeicImagePlaceholder image={image} />
      ) : (
        <Thumbnail image={image} label={label} />
      )}
      <Text fz="xs" fw={500} truncate="end" title={label}>
        {label}
      </Text>
      <Text fz="xs" c="dimmed">
        Uploaded {formatDateTime(image.uploaded_at)}
      </Text>
      {image.date_time !== null && (
        <Text fz="xs" c="yellow.8">
          EXIF {image.date_time}
        </Text>
      )}
    </Stack>
  );
}
