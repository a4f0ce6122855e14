import { addDays, dateInTimeZone, timeZoneOffsetMs } from '@portal/contracts';

// The snooze menu's times (decision 064): wall-clock times in the business time zone, so "tomorrow
// 9 am" is the lender's morning whatever zone the employee's computer is in.

// The instant a wall-clock time (YYYY-MM-DD, HH:MM) is in the zone; checked twice across DST changes.
export function instantInZone(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const first = wall - timeZoneOffsetMs(wall, timeZone);
  return new Date(wall - timeZoneOffsetMs(first, timeZone));
}

export function snoozeTimes(now: Date, timeZone: string) {
  const today = dateInTimeZone(now, timeZone);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  // Next Monday: a week on from a Monday, else the coming one.
  const toMonday = (8 - weekday) % 7 || 7;
  return {
    oneHour: new Date(now.getTime() + 3_600_000),
    tomorrowMorning: instantInZone(addDays(today, 1), '09:00', timeZone),
    nextMonday: instantInZone(addDays(today, toMonday), '09:00', timeZone),
  };
}
