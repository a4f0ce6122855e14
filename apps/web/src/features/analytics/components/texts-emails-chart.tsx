import { Paper, Text, Title } from '@mantine/core';
import type { TextEmailResponse } from '@portal/contracts';
import { AreaChart } from '../../../components/lazy-charts.tsx';
import '@mantine/charts/styles.css';

const PERIOD_WORD: Record<TextEmailResponse['metadata']['time_period'], string> = {
  hour: 'hour',
  day: 'day',
  week: 'week (from Monday)',
  month: 'month',
};

// Texts versus emails over the range, one point per period (both directions).
export function TextsEmailsChart({ answer }: { answer: TextEmailResponse }) {
  const data = Object.entries(answer.data).map(([period, counts]) => ({
    period: answer.metadata.time_period === 'hour' ? period.slice(11) : period,
    Texts: counts.Texts ?? 0,
    Emails: counts.Emails ?? 0,
  }));
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg">
        Texts and emails
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Messages in and out per {PERIOD_WORD[answer.metadata.time_period]}, in the business time zone.
      </Text>
      <AreaChart
        h={280}
        data={data}
        dataKey="period"
        series={[
          { name: 'Texts', color: 'blue.6' },
          { name: 'Emails', color: 'teal.6' },
        ]}
        curveType="monotone"
        withLegend
        gridAxis="y"
      />
    </Paper>
  );
}
