import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { AreaChartProps, BarChartProps } from '@mantine/charts';

// @mantine/charts with recharts is about 100 kB gzipped: it loads when a chart first renders, not
// with the screen, so /visualize/cs and the survey results are usable (their filters, figures and
// tables) before it arrives. Until then the chart's place is held at its height, with its role and
// name, so nothing below it moves.
const LoadedAreaChart = lazy(async () => ({ default: (await import('./charts.ts')).AreaChart }));
const LoadedBarChart = lazy(async () => ({ default: (await import('./charts.ts')).BarChart }));

type PlaceProps = Pick<AreaChartProps, 'h' | 'w' | 'role' | 'aria-label'>;

function ChartPlace({ h, w, role, 'aria-label': label }: PlaceProps) {
  return <Skeleton h={h} w={w} role={role} aria-label={label} animate={false} />;
}

export function AreaChart(props: AreaChartProps) {
  return (
    <Suspense fallback={<ChartPlace {...props} />}>
      <LoadedAreaChart {...props} />
    </Suspense>
  );
}

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<ChartPlace {...props} />}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}
