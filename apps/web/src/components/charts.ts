// The charts the app draws, loaded on demand by lazy-charts.tsx (with their styles).
import '@mantine/charts/styles.css';

export { AreaChart, BarChart } from '@mantine/charts';
