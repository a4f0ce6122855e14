import { describe, expect, it } from 'vitest';
import { addDays, addMonths, DAY_MS, dateInTimeZone, daysBetween, daysInMonth, timeZoneOffsetMs } from './dates.ts';

const LA = 'America/Los_Angeles';

describe('DAY_MS', () => {
  it('is the milliseconds of a day', () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('dateInTimeZone (today in a time zone)', () => {
  it('reads the calendar date in the given zone, not in UTC', () => {
    expect(dateInTimeZone(new Date('2026-11-24T05:00:00Z'), LA)).toBe('2026-11-23');
    expect(dateInTimeZone(new Date('2026-11-24T05:00:00Z'), 'UTC')).toBe('2026-11-24');
    // 03:00 UTC on the 22nd is still the evening of the 21st in Los Angeles.
    expect(dateInTimeZone(new Date('2026-11-22T03:00:00Z'), LA)).toBe('2026-11-21');
    expect(dateInTimeZone(new Date('2026-11-22T03:00:00Z'), 'UTC')).toBe('2026-11-22');
  });

  it('follows the zone across a clock change, and east of Greenwich', () => {
    // 2026-03-08 10:30 UTC: 03:30 PDT (the clocks went forward at 02:00).
    expect(dateInTimeZone(new Date('2026-03-08T10:30:00Z'), LA)).toBe('2026-03-08');
    expect(dateInTimeZone(new Date('2026-03-08T07:59:00Z'), LA)).toBe('2026-03-07');
    expect(dateInTimeZone(new Date('2026-11-21T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-22');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => dateInTimeZone(new Date('2026-11-21T12:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('adds calendar days across month and year ends, and subtracts', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-07', 1)).toBe('2026-11-08');
  });
});

describe('addMonths', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(addMonths('2027-03-01', 1)).toBe('2027-04-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-01-31', 13)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('daysBetween', () => {
  it('counts calendar days, negative backwards, across month, year and clock changes', () => {
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(0);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    // Los Angeles moves its clocks on 2026-03-08; date-only values never notice.
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
  });

  it('undoes addDays', () => {
    for (const days of [-400, -1, 0, 1, 45, 366])
      expect(daysBetween('2026-11-21', addDays('2026-11-21', days))).toBe(days);
  });
});

describe('daysInMonth', () => {
  it('knows short months and leap years', () => {
    expect(daysInMonth(2026, 1)).toBe(31);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 11)).toBe(30);
  });
});

describe('timeZoneOffsetMs', () => {
  const HOUR = 3_600_000;
  it("is the zone's offset from UTC at that instant, summer time included", () => {
    expect(timeZoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-8 * HOUR);
    expect(timeZoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/Los_Angeles')).toBe(-7 * HOUR);
    expect(timeZoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(timeZoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('answers from its quarter-hour memory exactly what Intl says, across the changes of summer time', () => {
    const exact = (instant: number, zone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }).formatToParts(new Date(instant));
      const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
      const local = Date.UTC(
        value('year'),
        value('month') - 1,
        value('day'),
        value('hour'),
        value('minute'),
        value('second'),
      );
      return local - Math.floor(instant / 1000) * 1000;
    };
    const changes = [
      ['America/Los_Angeles', '2026-03-08T10:00:00Z'],
      ['America/Los_Angeles', '2026-11-01T09:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['America/Adak', '2026-03-08T12:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
    ] as const;
    for (const [zone, change] of changes) {
      // Every 7 minutes and 13 seconds from two hours before the change to two hours after, twice
      // (the second pass answered from memory).
      for (const pass of [1, 2])
        for (let at = Date.parse(change) - 2 * HOUR; at < Date.parse(change) + 2 * HOUR; at += 433_000)
          expect(timeZoneOffsetMs(at, zone), `${zone} ${new Date(at).toISOString()} pass ${pass}`).toBe(
            exact(at, zone),
          );
    }
  });
});
