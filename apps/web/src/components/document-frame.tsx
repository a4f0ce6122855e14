import { Center, Paper, Text } from '@mantine/core';
import { useApiFileUrl } from '../lib/use-api-file-url.ts';
import { FileStatusBox } from './file-status-box.tsx';

type DocumentFrameProps = {
  // The API path of the PDF; null when the item has none.
  url: string | null;
  title: string;
  minHeight: number;
  placeholder: string;
};

// An uploaded document beside its form (disputes, bankruptcy notices). Shown from a blob URL
// (lib/use-api-file-url.ts): an iframe's own request would carry no token.
export function DocumentFrame({ url, title, minHeight, placeholder }: DocumentFrameProps) {
  const state = useApiFileUrl(url, 'The document', 'application/pdf');

  if (url === null)
    return (
      <Paper withBorder mih={minHeight} p="xl">
        <Center mih={minHeight - 48}>
          <Text c="dimmed">{placeholder}</Text>
        </Center>
      </Paper>
    );
  if (state.status !== 'ready')
    return (
      <FileStatusBox
        minHeight={minHeight}
        loadingLabel="Loading document"
        message={state.status === 'failed' ? state.message : null}
      />
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
