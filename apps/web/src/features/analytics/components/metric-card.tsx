import type { ReactNode } from 'react';
import { Loader, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';

type MetricCardProps = {
  label: string;
  // How the figure is worked out, shown on hover or focus.
  explanation: string;
  value: ReactNode;
  detail?: ReactNode;
  // The read the figure comes from: a loader while it comes, a sentence if it fails.
  answer: { isPending: boolean; isError: boolean };
};

export function MetricCard({ label, explanation, value, detail, answer }: MetricCardProps) {
  const loading = answer.isPending;
  const failed = answer.isError;
  return (
    <Paper withBorder radius="md" p="md" aria-label={label} role="group">
      <Stack gap={4}>
        <ExplainedLabel label={label} explanation={explanation} />
        {loading ? (
          <Loader size="sm" aria-label={`Loading ${label}`} />
        ) : failed ? (
          <Text c="red" fz="sm">
            Could not load this figure.
          </Text>
        ) : (
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
        )}
        {detail && !loading && !failed && (
          <Text fz="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

// A figure's name, with how it is worked out on hover or focus (every figure on the page has one).
export function ExplainedLabel({ label, explanation }: { label: string; explanation: string }) {
  return (
    <Tooltip label={explanation} multiline w={280} withArrow>
      <Text fz="sm" c="dimmed" td="underline dotted" style={{ cursor: 'help', width: 'fit-content' }} tabIndex={0}>
        {label}
      </Text>
    </Tooltip>
  );
}

export type Figure<Key extends string> = { key: Key; label: string; explanation: string };

// A card's row of figures, each with its explanation.
export function FigureGrid<Key extends string>({
  figures,
  values,
}: {
  figures: ReadonlyArray<Figure<Key>>;
  values: Record<Key, number>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: figures.length }}>
      {figures.map((figure) => (
        <Stack key={figure.key} gap={2} role="group" aria-label={figure.label}>
          <ExplainedLabel label={figure.label} explanation={figure.explanation} />
          <Text fz={24} fw={700} lh={1.2}>
            {values[figure.key].toLocaleString('en-US')}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

// A titled card over one analytics answer: a loader while it comes, a sentence if it fails, else
// what the answer shows.
export function AnswerCard<Data>({
  title,
  answer,
  children,
}: {
  title: string;
  answer: { isPending: boolean; isError: boolean; data: Data | undefined };
  children: (data: Data) => ReactNode;
}) {
  const { data } = answer;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {answer.isPending ? (
          <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
        ) : answer.isError || data === undefined ? (
          <Text c="red" fz="sm">
            Could not load the {title.toLowerCase()}.
          </Text>
        ) : (
          children(data)
        )}
      </Stack>
    </Paper>
  );
}
