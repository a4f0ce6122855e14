import { useEffect, useState } from 'react';
import { Center, Image, Loader, Paper, Text } from '@mantine/core';
import { apiFileRequest } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/api-error.ts';

type PaystubImageProps = {
  // The API path of the picture (GET documents/:id).
  url: string;
  alt: string;
  minHeight: number;
};

// What was fetched for which url: another url shows as loading until its own answer is in.
type ImageState = { url: string } & ({ status: 'ready'; objectUrl: string } | { status: 'failed'; message: string });

// A paystub sent as a picture. An img's own request would carry no token, so the file is fetched
// with the bearer header and shown from a blob URL, let go when the paystub changes or the screen
// closes.
export function PaystubImage({ url, alt, minHeight }: PaystubImageProps) {
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
            message: `The paystub could not be loaded: ${errorMessages(error).join(' ')}`,
          });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  const state = fetched?.url === url ? fetched : null;
  if (state === null)
    return (
      <Paper withBorder mih={minHeight}>
        <Center mih={minHeight}>
          <Loader size="sm" aria-label="Loading paystub" />
        </Center>
      </Paper>
    );
  if (state.status === 'failed')
    return (
      <Paper withBorder mih={minHeight} p="xl">
        <Center mih={minHeight - 48}>
          <Text c="red" role="alert">
            {state.message}
          </Text>
        </Center>
      </Paper>
    );
  return <Image src={state.objectUrl} alt={alt} fit="contain" radius="sm" />;
}
