import { useEffect, useState } from 'react';
import { Center, Image, Loader, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { IdentityImage } from '@portal/contracts';
import { apiFileRequest } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { HeicImagePlaceholder } from './heic-image-placeholder.tsx';
import { identityImageLabel } from './identity-image-label.ts';

const UNDRAWABLE_TYPES = new Set(['image/heic', 'image/heif']);

// What was fetched for which url: another url shows as loading until its own answer is in.
type ImageState = { url: string } & ({ status: 'ready'; objectUrl: string } | { status: 'failed'; message: string });

// An img's own request would carry no token, so the file is fetched with the bearer header and
// shown from a blob URL, let go when the image changes or the card leaves.
function useImageObjectUrl(url: string): ImageState | null {
  const [fetched, setFetched] = useState<ImageState | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFileRequest(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setFetched({ url, status: 'ready', objectUrl });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setFetched({
            url,
            status: 'failed',
            message: `The image could not be loaded: ${errorMessages(error).join(' ')}`,
          });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return fetched?.url === url ? fetched : null;
}

function Thumbnail({ image, label }: { image: IdentityImage; label: string }) {
  const [zoomed, setZoomed] = useState(false);
  const state = useImageObjectUrl(image.ident_image_url);
  if (state === null)
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
