import { useEffect, useRef } from 'react';
import { Alert, Center, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useAcdvImage, type AcdvImage } from '../api/get-acdv-image.ts';
import { failureMessages } from '../credit-flash.ts';

const FRAME_MIN_HEIGHT = 640;

// A data: URL's bytes as a Blob of its content type.
export function dataUrlToBlob(dataUrl: string, fallbackType: string): Blob {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  const data = dataUrl.slice(comma + 1);
  const type = /^data:([^;,]+)/.exec(header)?.[1] ?? fallbackType;
  if (!header.endsWith(';base64')) return new Blob([decodeURIComponent(data)], { type });
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return new Blob([bytes], { type });
}

// A PDF in a frame: the page's CSP does not let a frame load a data: URL, so the bytes are shown
// from a blob URL, let go when the image changes or the screen closes.
function PdfFrame({ image, title }: { image: AcdvImage; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(dataUrlToBlob(image.imageString, image.content_type));
    if (frame.current) frame.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return (
    <iframe
      ref={frame}
      title={title}
      style={{
        width: '100%',
        minHeight: FRAME_MIN_HEIGHT,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
      }}
    />
  );
}

// The dispute image the bureau sent with the request (the consumer's letter, an ID): a picture
// as an image, a PDF in a frame.
export function AcdvImageView({ controlNumber }: { controlNumber: string }) {
  const image = useAcdvImage(controlNumber);
  const title = `Dispute image of ACDV ${controlNumber}`;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Dispute image
      </Title>
      {image.isPending ? (
        <Paper withBorder mih={200}>
          <Center mih={200}>
            <Loader size="sm" aria-label="Loading dispute image" />
          </Center>
        </Paper>
      ) : image.isError ? (
        <Alert color="red" variant="light" title="The dispute image could not be loaded">
          {failureMessages(image.error).join(' ')}
        </Alert>
      ) : image.data.content_type.startsWith('image/') ? (
        <Image src={image.data.imageString} alt={title} radius="sm" fit="contain" mah={900} />
      ) : image.data.content_type === 'application/pdf' ? (
        <PdfFrame image={image.data} title={title} />
      ) : (
        <Text c="dimmed" fz="sm">
          The image is a {image.data.content_type} file, which the Portal cannot show.
        </Text>
      )}
    </Stack>
  );
}
