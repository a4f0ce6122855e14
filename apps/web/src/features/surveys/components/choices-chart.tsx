import '@mantine/charts/styles.css';
import type { SurveyChoice } from '@portal/contracts';
import { BarChart } from '../../../components/lazy-charts.tsx';
import { formatCount } from './survey-format.ts';

const BAR_HEIGHT = 34;
const AXIS_HEIGHT = 40;

// A question's choices as horizontal bars, most chosen at the top, each labelled with its count and
// percentage. Long free-text answers get a wider label column.
export function ChoicesChart({ question, choices }: { question: string; choices: readonly SurveyChoice[] }) {
  const data = choices.map((choice) => ({
    choice: choice.choice,
    count: choice.count,
    label: `${formatCount(choice.count)} (${choice.percent}%)`,
  }));
  const longest = Math.max(...choices.map((choice) => choice.choice.length), 4);
  return (
    <BarChart
      role="img"
      aria-label={`Chart of the answers to: ${question}`}
      h={choices.length * BAR_HEIGHT + AXIS_HEIGHT}
      data={data}
      dataKey="choice"
      orientation="vertical"
      series={[{ name: 'count', label: 'Users', color: 'blue.6' }]}
      yAxisProps={{ width: Math.min(260, longest * 7 + 16), interval: 0 }}
      xAxisProps={{ allowDecimals: false }}
      gridAxis="none"
      withBarValueLabel
      valueLabelProps={{ dataKey: 'label', formatter: (value: unknown) => String(value) }}
      valueFormatter={formatCount}
      maxBarWidth={24}
      barChartProps={{ margin: { right: 90 } }}
    />
  );
}
