import { Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { truncateSuggestion, type SuggestedResponse } from '@portal/contracts';

type SuggestedResponsesProps = {
  suggestions: readonly SuggestedResponse[];
  onPick: (suggestion: SuggestedResponse) => void;
};

// The suggester's guesses: long ones cut to 140 characters (spec 000 section 9); the reason on hover.
export function SuggestedResponses({ suggestions, onPick }: SuggestedResponsesProps) {
  if (suggestions.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5}>
        Suggested responses
      </Text>
      <Group gap="xs" align="stretch" role="list" aria-label="Suggested responses">
        {suggestions.map((suggestion) => (
          <Tooltip
            key={`${suggestion.macro_id}-${suggestion.title}`}
            label={suggestion.reason}
            multiline
            maw={320}
            openDelay={300}
          >
            <UnstyledButton
              role="listitem"
              onClick={() => onPick(suggestion)}
              style={{ flex: '1 1 220px', maxWidth: 360 }}
              aria-label={`Use suggestion ${suggestion.title}`}
            >
              <Paper withBorder radius="md" px="sm" py={6} h="100%" bg="gray.0" className="suggestion-card">
                <Text fz={11} fw={600} c="indigo.7">
                  {suggestion.title}
                </Text>
                <Text fz="xs" c="dark.5">
                  {truncateSuggestion(suggestion.text)}
                </Text>
              </Paper>
            </UnstyledButton>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}
