import { Badge, Box, Code, Group, Mark, Paper, Stack, Text, Title } from '@mantine/core';
import { fillMacroPlaceholders, MACRO_PLACEHOLDERS } from '@portal/contracts';
import { placeholdersIn, previewParts, sampleCustomer, type PreviewPart } from '../macro-preview-text.ts';

type MacroPreviewProps = { body: string; agentName: string | null };

function PreviewText({ parts }: { parts: readonly PreviewPart[] }) {
  return parts.map((part, index) => {
    if (part.kind === 'unknown') {
      return (
        <Mark key={index} color="yellow" px={2} title="Left for the agent to fill in">
          {part.text}
        </Mark>
      );
    }
    if (part.kind === 'filled') {
      return (
        <Box key={index} component="span" td="underline dotted" title={`{${part.name}}`}>
          {part.text}
        </Box>
      );
    }
    return part.text;
  });
}

// The text as the customer would receive it (the reply box fills the same placeholders from the
// ticket), as a text message and as an email, for a sample customer.
export function MacroPreview({ body, agentName }: MacroPreviewProps) {
  const values = sampleCustomer(agentName);
  const text = body.trim();
  const parts = previewParts(text, values);
  const filled = fillMacroPlaceholders(text, values);
  const { known, unknown } = placeholdersIn(text);

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
                {filled.length.toLocaleString('en-US')} characters
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
        {unknown.length > 0 && (
          <Text fz="sm" c="orange.8" role="note">
            Left for the agent to fill in:{' '}
            {unknown.map((name) => (
              <Mark key={name} color="yellow" px={2} mr={4}>{`{${name}}`}</Mark>
            ))}
          </Text>
        )}
        <Stack gap={4}>
          <Text fz="xs" c="dimmed" id="macro-known-placeholders">
            Filled in from the ticket:
          </Text>
          <Group gap={4} role="list" aria-labelledby="macro-known-placeholders">
            {MACRO_PLACEHOLDERS.map((name) => (
              <Badge
                key={name}
                role="listitem"
                variant={known.includes(name) ? 'filled' : 'outline'}
                color={known.includes(name) ? 'teal' : 'gray'}
                tt="none"
                fw={500}
                title={`Here: ${values[name]}`}
              >
                <Code bg="transparent" c="inherit" fz="xs" p={0}>{`{${name}}`}</Code>
              </Badge>
            ))}
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
