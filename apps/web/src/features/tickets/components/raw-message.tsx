import { Code, Loader, Text } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';
import { useRawMessage } from '../api/get-raw-message.ts';

// Mounted only when the agent asks for it, so the raw source is fetched on demand.
export function RawMessage({ messageId }: { messageId: number }) {
  const raw = useRawMessage(messageId, true);
  if (raw.isPending) return <Loader size="xs" aria-label="Loading raw message" />;
  if (raw.isError) {
    return (
      <Text fz="xs" c="red.8" role="alert">
        {errorMessages(raw.error).join(' ')}
      </Text>
    );
  }
  return (
    <Code
      block
      fz={11}
      mah={240}
      style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      aria-label="Raw message"
    >
      {raw.data.raw}
    </Code>
  );
}
