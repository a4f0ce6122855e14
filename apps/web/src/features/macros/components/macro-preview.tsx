import { Box, Mark, Paper, Stack, Text, Title } from '@mantine/core';
import { smsSegmentsSentence } from '@portal/contracts';
import { previewParts, sampleValues, type PreviewPart } from '../macro-preview-text.ts';

type MacroPreviewProps = { body: string; agentName: string | null };

function PreviewText({ parts }: { parts: readonly PreviewPart[] }) {
  return parts.map((part, index) => {
    if (part.kind === 'unknown') {
      return (
        <Mark key={index} color="yellow" c="dark.9" px={2} title="Not a variable the Portal knows: refused on save">
          {part.text}
        </Mark>
      );
    }
    if (part.kind === 'question') {
      return (
        <Mark key={index} color="gray" c="dark.9" px={2} title={`Asked of the agent: ${part.label}`}>
          {part.text}
        </Mark>
      );
    }
    if (part.kind === 'filled') {
      return (
        <Box
          key={index}
          component="span"
          td="underline dotted"
          title={part.asked ? `{${part.name}}, asked of the agent` : `{${part.name}}`}
        >
          {part.text}
        </Box>
      );
    }
    return part.text;
  });
}

// The text as the customer would receive it (the reply box fills the same variables from the
// ticket's account and asks the agent for theirs), as a text message with its count of texts and
// as an email, for a sample customer.
export function MacroPreview({ body, agentName }: MacroPreviewProps) {
  const values = sampleValues(agentName);
  const text = body.trim();
  const parts = previewParts(text, values);
  const filled = parts.map((part) => part.text).join('');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="macro-preview-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="macro-preview-heading">
            Preview
          </Title>
          <Text fz="sm" c="dimmed">
            As the customer would receive it, here for {values.full_name}.
          </Text>
        </div>
        {text === '' ? (
          <Text fz="sm" c="dimmed">
            Write the text to see it as the customer would.
          </Text>
        ) : (
          <>
            <Stack gap={4} aria-label="As a text message" role="group">
              <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
                Text message
              </Text>
              <Box
                bg="blue.6"
                c="white"
                px="md"
                py="sm"
                maw="85%"
                fz="sm"
                style={{
                  borderRadius: 18,
                  borderBottomLeftRadius: 4,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                <PreviewText parts={parts} />
              </Box>
              <Text fz="xs" c="dimmed">
                {smsSegmentsSentence(filled)}
              </Text>
            </Stack>
            <Stack gap={4} aria-label="As an email" role="group">
              <Text fz="xs" fw={600} c="dimmed" tt="uppercase">
                Email
              </Text>
              <Paper withBorder radius="sm" p="sm" bg="gray.0">
                <Text fz="xs" c="dimmed">
                  To: {values.full_name} &lt;{values.email}&gt;
                </Text>
                <Text fz="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <PreviewText parts={parts} />
                </Text>
              </Paper>
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
