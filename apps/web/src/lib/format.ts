import { dollarsToCents, formatDollars } from '@portal/contracts';

// Display helpers. The wire carries dollars; formatting goes through cents so $0.10 + $0.20 reads right.
export function formatMoney(dollars: number): string {
  return formatDollars(dollarsToCents(dollars));
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

// A YYYY-MM-DD date (or the date part of a timestamp) as "Mar 4, 2026"; date-only values are calendar
// dates, so they are formatted in UTC to keep the same day in every time zone.
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

// A timestamp in the employee's local time.
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}
