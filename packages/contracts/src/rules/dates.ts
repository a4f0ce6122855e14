// Day arithmetic, the one home for it (server, web and seed alike). Date-only values are YYYY-MM-DD
// and are counted on UTC midnights, so the zone the code runs in (server or browser) never shifts a
// date; only "today" depends on a time zone, and it is given one (convention 6: the business time
// zone).

export const DAY_MS = 24 * 60 * 60 * 1000;

// The months' names in English, January first (dates written out for people: grids, letters, texts).
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const midnightUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
  return new Date(midnightUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

// Calendar days from `from` to `to`: negative when `to` is earlier.
export function daysBetween(from: string, to: string): number {
  return Math.round((midnightUtc(to) - midnightUtc(from)) / DAY_MS);
}

// The days of a month, month 1 (January) to 12; other months carry into the year (13 is next January).
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// The same day of the month `months` later; a day the month lacks (31 Jan + 1 month) becomes its last day.
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Date.UTC carries a month past December (or before January) into the year.
  const lastDay = daysInMonth(year, month + months);
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

// Formatters are costly to build and the queue asks for today on every call, so one per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

// The calendar date of an instant in an IANA time zone; today is dateInTimeZone(now, zone).
export function dateInTimeZone(instant: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

// How far local time in an IANA zone is ahead of UTC at an instant (negative west of Greenwich), to
// the second, read from Intl (costly: a formatToParts per call).
function measuredOffsetMs(instantMs: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instantMs));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return local - Math.floor(instantMs / 1000) * 1000;
}

// Offsets kept per zone and quarter hour of UTC: a zone's offset changes a few times a year, and
// the duty audit (issue 39) asks it of a million instants in a month. A quarter hour is kept only
// when its first and last second have the same offset (then all of it has: no zone changes its
// offset twice within 15 minutes); one with a change inside is measured at the instant asked.
const OFFSET_SPAN_MS = 15 * 60_000;
const OFFSET_SPANS_KEPT = 50_000;
const offsetSpans = new Map<string, Map<number, number>>();

// How far local time in an IANA zone is ahead of UTC at an instant (negative west of Greenwich), to
// the second: the one place that turns a zone's wall clock into an offset.
export function timeZoneOffsetMs(instantMs: number, timeZone: string): number {
  const span = Math.floor(instantMs / OFFSET_SPAN_MS);
  let spans = offsetSpans.get(timeZone);
  if (!spans) {
    spans = new Map();
    offsetSpans.set(timeZone, spans);
  }
  const known = spans.get(span);
  if (known !== undefined) return known;
  const start = span * OFFSET_SPAN_MS;
  const first = measuredOffsetMs(start, timeZone);
  if (first !== measuredOffsetMs(start + OFFSET_SPAN_MS - 1000, timeZone)) return measuredOffsetMs(instantMs, timeZone);
  if (spans.size >= OFFSET_SPANS_KEPT) spans.clear();
  spans.set(span, first);
  return first;
}

// 'Jan 5, 2024' (spec 001: the notice's dates), 'N/A' when missing. Timestamps and YYYY-MM-DD alike.
export function formatNoticeDate(value: string | null | undefined, timeZone = 'UTC'): string {
  if (!value) return 'N/A';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date);
}
