import { formatDate } from '../../lib/format.ts';

// The server's sentences name dates as YYYY-MM-DD (the wire format); the screens write "Jul 2, 2027".
// Only whole dates are rewritten: a timestamp (2027-07-02T…) or a longer number is left as it is.
const ISO_DATE = /(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\dT:-])/g;

export function withReadableDates(text: string): string {
  return text.replace(ISO_DATE, (date) => formatDate(date));
}
