import { describe, expect, it } from 'vitest';
import { addDays, dateInTimeZone, startOfBusinessDay } from './business-date.ts';

const LA = 'America/Los_Angeles';

describe('business day across time zones', () => {
  it('takes the date in the business time zone, not in UTC', () => {
    // 03:00 UTC on the 22nd is still the evening of the 21st in Los Angeles.
    expect(dateInTimeZone(new Date('2026-11-22T03:00:00Z'), LA)).toBe('2026-11-21');
    expect(dateInTimeZone(new Date('2026-11-22T03:00:00Z'), 'UTC')).toBe('2026-11-22');
  });

  it('finds local midnight, also on the days the clocks change', () => {
    expect(startOfBusinessDay('2026-11-21', LA).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(startOfBusinessDay('2026-07-01', LA).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // 2026-03-08 and 2026-11-01: midnight is before the change, so the previous offset holds.
    expect(startOfBusinessDay('2026-03-08', LA).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfBusinessDay('2026-11-01', LA).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(startOfBusinessDay('2026-03-09', LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
