import { useEffect, useState } from 'react';
import { Center, Loader, Paper, Text } from '@mantine/core';
import { apiFileRequest } from '../lib/api-client.ts';
import { errorMessages } from '../lib/api-error.ts';

type DocumentFrameProps = {
  // The API path of the PDF; null when the item has none.
  url: string | null;
  title: string;
  minHeight: number;
  placeholder: string;
};

// What was fetched for which url: another url shows as loading until its own answer is in.
type FrameState = { url: string } & ({ status: 'ready'; objectUrl: string } | { status: 'failed'; message: string });

// An uploaded document beside its form (disputes, bankruptcy notices). The file is fetched with the
// bearer header (an iframe's own request would carry no token) and shown from a blob URL, which is
// let go when the document changes or the screen closes.
export function DocumentFrame({ url, title, minHeight, placeholder }: DocumentFrameProps) {
  const [fetched, setState] = useState<FrameState | null>(null);
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFileRequest(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(
          blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
        );
        setState({ url, status: 'ready', objectUrl });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({
            url,
            status: 'failed',
            message: `The document could not be loaded: ${errorMessages(error).join(' ')}`,
          });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (url === null)
    return (
      <Paper withBorder mih={minHeight} p="xl">
        <Center mih={minHeight - 48}>
          <Text c="dimmed">{placeholder}</Text>
        </Center>
      </Paper>
    );
  const state = fetched?.url === url ? fetched : null;
  if (state === null)
    return (
      <Paper withBorder mih={minHeight}>
        <Center mih={minHeight}>
          <Loader size="sm" aria-label="Loading document" />
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
  return (
    <iframe
      src={state.objectUrl}
      title={title}
      style={{
        width: '100%',
        minHeight,
        height: '100%',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
      }}
    />
  );
}
