import { addDays } from '@portal/contracts';
import type { DateRange } from './api/analytics.ts';

// Spec 001 section 9's quick ranges, as business dates ending today (the calls take whole days).
export const QUICK_RANGES = ['Today', 'Past 24hrs', 'Week', 'Month', 'Year'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export function quickRange(name: QuickRange, today: string): DateRange {
  switch (name) {
    case 'Today':
      return { start: today, end: today };
    // Yesterday and today: every hour of the last 24 is in it.
    case 'Past 24hrs':
      return { start: addDays(today, -1), end: today };
    case 'Week':
      return { start: addDays(today, -6), end: today };
    case 'Month':
      return { start: addDays(today, -29), end: today };
    case 'Year':
      return { start: addDays(today, -364), end: today };
  }
}

// "3 h 05 min", "12 min 30 s", "45 s": a duration as staff read it.
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}
