import { describe, expect, it } from 'vitest';
import { addMonths, dateInTimeZone, isWeekday, nextWeekday } from './business-date.ts';

describe('business dates', () => {
  it('reads the calendar date in the business time zone, not in UTC', () => {
    expect(dateInTimeZone(new Date('2026-11-24T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-23');
    expect(dateInTimeZone(new Date('2026-11-24T05:00:00Z'), 'UTC')).toBe('2026-11-24');
  });

  it('knows weekdays and moves weekend dates to the Monday', () => {
    expect([isWeekday('2026-11-20'), isWeekday('2026-11-21'), isWeekday('2026-11-22'), isWeekday('2026-11-23')]).toEqual([true, false, false, true]);
    expect(nextWeekday('2026-11-21')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-22')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-24')).toBe('2026-11-24');
  });

  it('adds months, keeping the day or taking the last day of a shorter month', () => {
    expect(addMonths('2027-03-01', 1)).toBe('2027-04-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});
