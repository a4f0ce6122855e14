import { describe, expect, it } from 'vitest';
import { businessToday, startOfBusinessDay } from './business-date.ts';

// The calendar rules (weekdays, adding days and months, the date of an instant in a zone) are
// tested with the rules, in packages/contracts/src/rules/payment-calendar.test.ts.

const LA = 'America/Los_Angeles';

describe('business day across time zones', () => {
  it('takes today in the business time zone from the clock', () => {
    // 03:00 UTC on the 22nd is still the evening of the 21st in Los Angeles.
    const clock = { now: () => new Date('2026-11-22T03:00:00Z') };
    expect(businessToday(clock, LA)).toBe('2026-11-21');
    expect(businessToday(clock, 'UTC')).toBe('2026-11-22');
  });

  it('finds local midnight, also on the days the clocks change', () => {
    expect(startOfBusinessDay('2026-11-21', LA).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(startOfBusinessDay('2026-07-01', LA).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // 2026-03-08 and 2026-11-01: midnight is before the change, so the previous offset holds.
    expect(startOfBusinessDay('2026-03-08', LA).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfBusinessDay('2026-11-01', LA).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(startOfBusinessDay('2026-03-09', LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });
});
