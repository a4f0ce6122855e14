import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dateInTimeZone,
  defaultPaymentDate,
  earliestPaymentDate,
  isCalendarDate,
  isSelectablePaymentDate,
  isWeekday,
  isWeekend,
  latestCollectionDate,
  latestDateAfterMaturity,
  latestPaymentDate,
  nextWeekday,
  previousWeekday,
  timeZoneOffsetMs,
} from './payment-calendar.ts';

const LA = 'America/Los_Angeles';

describe('isCalendarDate', () => {
  it('takes YYYY-MM-DD dates that exist, and nothing else', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-5')).toBe(false);
    expect(isCalendarDate('2026-11-21T00:00:00Z')).toBe(false);
  });
});

describe('isWeekday / isWeekend', () => {
  it('knows Monday to Friday from Saturday and Sunday', () => {
    expect([
      isWeekday('2026-11-20'),
      isWeekday('2026-11-21'),
      isWeekday('2026-11-22'),
      isWeekday('2026-11-23'),
    ]).toEqual([true, false, false, true]);
    expect([
      isWeekend('2026-11-20'),
      isWeekend('2026-11-21'),
      isWeekend('2026-11-22'),
      isWeekend('2026-11-23'),
    ]).toEqual([false, true, true, false]);
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

describe('nextWeekday / previousWeekday', () => {
  it('moves a weekend date to the Monday after, or the Friday before; a weekday stays', () => {
    expect(nextWeekday('2026-11-21')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-22')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-24')).toBe('2026-11-24');
    expect(previousWeekday('2026-11-21')).toBe('2026-11-20');
    expect(previousWeekday('2026-11-22')).toBe('2026-11-20');
    expect(previousWeekday('2026-11-24')).toBe('2026-11-24');
  });
});

describe('latestCollectionDate / latestDateAfterMaturity', () => {
  it('is a year from today', () => {
    expect(latestCollectionDate('2026-11-21')).toBe('2027-11-21');
    expect(latestCollectionDate('2028-02-29')).toBe('2029-02-28');
  });
  it('is the maturity plus the grace days', () => {
    expect(latestDateAfterMaturity('2027-05-20', 30)).toBe('2027-06-19');
    expect(latestDateAfterMaturity('2027-05-20', 0)).toBe('2027-05-20');
  });
});

describe('earliestPaymentDate / latestPaymentDate', () => {
  it('starts today, or on the Monday when today is a weekend day', () => {
    expect(earliestPaymentDate('2026-11-20')).toBe('2026-11-20');
    expect(earliestPaymentDate('2026-11-21')).toBe('2026-11-23');
  });
  it('ends a year out on a weekday, or earlier at the loan limit', () => {
    // 2027-11-21 is a Sunday.
    expect(latestPaymentDate('2026-11-21')).toBe('2027-11-19');
    expect(latestPaymentDate('2026-11-21', '2027-04-17')).toBe('2027-04-16');
    expect(latestPaymentDate('2026-11-21', '2030-01-01')).toBe('2027-11-19');
    // A limit already behind: nothing can be picked, which the bounds show by crossing.
    expect(latestPaymentDate('2026-11-23', '2026-11-01') < earliestPaymentDate('2026-11-23')).toBe(true);
  });
});

describe('isSelectablePaymentDate', () => {
  it('accepts weekdays from today on', () => {
    expect(isSelectablePaymentDate('2026-04-16', '2026-04-17')).toBe(false);
    expect(isSelectablePaymentDate('2026-04-17', '2026-04-17')).toBe(true);
    expect(isSelectablePaymentDate('2026-04-18', '2026-04-17')).toBe(false);
  });
  it('accepts nothing more than a year out', () => {
    expect(isSelectablePaymentDate('2027-11-19', '2026-11-20')).toBe(true);
    expect(isSelectablePaymentDate('2027-11-22', '2026-11-20')).toBe(false);
    expect(isSelectablePaymentDate('9999-12-31', '2026-11-20')).toBe(false);
  });
  it('accepts nothing past the loan limit, which is itself selectable', () => {
    expect(isSelectablePaymentDate('2027-06-18', '2026-11-20', '2027-06-18')).toBe(true);
    expect(isSelectablePaymentDate('2027-06-21', '2026-11-20', '2027-06-18')).toBe(false);
  });
  it('refuses what is not a date on the calendar', () => {
    expect(isSelectablePaymentDate('2027-02-30', '2026-11-20')).toBe(false);
    expect(isSelectablePaymentDate('soon', '2026-11-20')).toBe(false);
  });
});

describe('defaultPaymentDate', () => {
  it('is two weeks after the due date, on a weekday, never before today', () => {
    // 2026-04-15 is a Wednesday: two weeks later is Wednesday 2026-04-29.
    expect(defaultPaymentDate('2026-04-15', '2026-04-01')).toBe('2026-04-29');
    // 2026-04-18 is a Saturday: two weeks later is a Saturday too, so Monday 2026-05-04.
    expect(defaultPaymentDate('2026-04-18', '2026-04-01')).toBe('2026-05-04');
    // A long-past due date: today (a Friday) instead, or the Monday after a weekend today.
    expect(defaultPaymentDate('2025-01-10', '2026-04-17')).toBe('2026-04-17');
    expect(defaultPaymentDate('2025-01-10', '2026-04-18')).toBe('2026-04-20');
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
});
