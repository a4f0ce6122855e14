import { Box, List, Mark, Paper, Stack, Text } from '@mantine/core';
import {
  parseMacroText,
  smsSegmentsSentence,
  unfilledVariablesError,
  variablesIn,
  type VariablePart,
} from '@portal/contracts';

type ReplyPreviewProps = {
  // The reply as typed; the customer gets it trimmed (send_reply's contract trims it).
  text: string;
  channel: 'text' | 'email' | null;
  // Why the Portal could not fill a variable (GET macro_values' reasons), by the variable's key.
  reasons: Readonly<Record<string, string>>;
  // The id of the sentence that says what is left, which the Send button points to.
  unfilledId: string;
};

// What is left to do about a variable still in the reply, in a few words.
function leftBecause(part: VariablePart, reasons: Readonly<Record<string, string>>): string {
  if (part.kind === 'unknown') return 'not a variable the Portal knows: write what the customer should read instead.';
  if (part.kind === 'asked') return `write in the ${part.label.charAt(0).toLowerCase()}${part.label.slice(1)}.`;
  const reason = reasons[part.key];
  if (reason) return `${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
  const description = part.variable.description;
  return `write it in (${description.charAt(0).toLowerCase()}${description.slice(1, -1)}).`;
}

// The reply as the customer will read it (decision 061): the variables still in it marked, and for
// a text how many texts it makes (GSM-7 or UCS-2, contracts rules/sms-segments.ts). While one is
// left, a sentence says which and why, and Send stays off.
export function ReplyPreview({ text, channel, reasons, unfilledId }: ReplyPreviewProps) {
  const sent = text.trim();
  if (sent === '') return null;
  const parts = parseMacroText(sent);
  const left = variablesIn(sent);
  const error = unfilledVariablesError(sent);
  const shown = parts.map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <Mark key={index} color="yellow" c="dark.9" px={2} fw={600}>
        {part.token}
      </Mark>
    ),
  );

  return (
    <Stack gap={4} component="section" aria-labelledby="reply-preview-heading">
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" id="reply-preview-heading">
        {channel === 'text' ? 'Preview: the text the customer gets' : 'Preview: as the customer will read it'}
      </Text>
      {channel === 'text' ? (
        <Box
          bg="blue.6"
          c="white"
          px="md"
          py="xs"
          maw="85%"
          fz="sm"
          data-testid="reply-preview"
          style={{ borderRadius: 16, borderBottomLeftRadius: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {shown}
        </Box>
      ) : (
        <Paper withBorder radius="sm" px="sm" py="xs" bg="gray.0" data-testid="reply-preview">
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {shown}
          </Text>
        </Paper>
      )}
      {channel === 'text' && (
        <Text fz="xs" c="dimmed">
          {smsSegmentsSentence(sent)}
        </Text>
      )}
      {error && (
        <Stack gap={2} id={unfilledId}>
          <Text fz="sm" c="red.9" fw={500}>
            {error}
          </Text>
          <List size="sm" c="red.9" spacing={0}>
            {left.map((part) => (
              <List.Item key={part.key}>
                {part.token}: {leftBecause(part, reasons)}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
