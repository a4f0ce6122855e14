import type { ReactNode } from 'react';
import { Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';

type MetricCardProps = {
  label: string;
  // How the figure is worked out, shown on hover or focus.
  explanation: string;
  value: ReactNode;
  detail?: ReactNode;
  loading: boolean;
  failed: boolean;
};

export function MetricCard({ label, explanation, value, detail, loading, failed }: MetricCardProps) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={label} role="group">
      <Stack gap={4}>
        <Tooltip label={explanation} multiline w={280} withArrow>
          <Text fz="sm" c="dimmed" td="underline dotted" style={{ cursor: 'help', width: 'fit-content' }} tabIndex={0}>
            {label}
          </Text>
        </Tooltip>
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
