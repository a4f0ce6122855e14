import { timeZoneOffsetMs } from './dates.ts';

// Business hours (BUSINESS_HOURS, e.g. "Mon-Fri 08:00-17:00", in BUSINESS_TIME_ZONE; decisions 034
// and 035): the hours the adjusted first response time counts, outside which a customer's first
// message gets the after-hours auto-response. Days are ISO weekdays, 1 Monday to 7 Sunday; the
// closing minute itself is closed.
export type BusinessHours = { days: number[]; opensMinute: number; closesMinute: number };

export const DEFAULT_BUSINESS_HOURS = 'Mon-Fri 08:00-17:00';
const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

// "Mon-Fri 08:00-17:00", "Mon,Wed,Sat 09:30-13:00": days (a range or a list) and the local hours;
// null when it cannot be read.
export function parseBusinessHours(text: string): BusinessHours | null {
  const match = /^\s*([A-Za-z,-]+)\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [, dayText, openHour, openMinute, closeHour, closeMinute] = match as unknown as string[];
  const dayOf = (name: string) => DAY_NAMES.indexOf(name.toLowerCase()) + 1;
  const days = new Set<number>();
  for (const part of dayText!.split(',')) {
    const [from, to] = part.split('-');
    const first = dayOf(from ?? '');
    const last = to === undefined ? first : dayOf(to);
    if (first === 0 || last === 0 || last < first) return null;
    for (let day = first; day <= last; day += 1) days.add(day);
  }
  const opensMinute = Number(openHour) * 60 + Number(openMinute);
  const closesMinute = Number(closeHour) * 60 + Number(closeMinute);
  if (Number(openMinute) > 59 || Number(closeMinute) > 59 || closesMinute > 24 * 60 || opensMinute >= closesMinute)
    return null;
  return { days: [...days].sort((a, b) => a - b), opensMinute, closesMinute };
}

// Whether an instant falls in the hours: its local weekday and minute in the hours' time zone.
export function isInBusinessHours(at: Date, hours: BusinessHours, timeZone: string): boolean {
  const local = new Date(at.getTime() + timeZoneOffsetMs(at.getTime(), timeZone));
  const isoDay = ((local.getUTCDay() + 6) % 7) + 1;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return hours.days.includes(isoDay) && minute >= hours.opensMinute && minute < hours.closesMinute;
}
