// Calendar-date arithmetic on YYYY-MM-DD strings (no time zone drift: everything is done in UTC).

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// Today on the employee's own calendar.
export function localToday(now: Date = new Date()): string {
  const year = now.getFullYear();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

export function isWeekend(isoDate: string): boolean {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

// The first weekday on or after the date.
export function nextWeekday(isoDate: string): string {
  let date = isoDate.slice(0, 10);
  while (isWeekend(date)) date = addDays(date, 1);
  return date;
}

export function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 86_400_000);
}
