import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, isInBusinessHours, parseBusinessHours } from './business-hours.ts';

const LA = 'America/Los_Angeles';
const weekdays = parseBusinessHours(DEFAULT_BUSINESS_HOURS)!;

describe('isInBusinessHours', () => {
  it('reads the local weekday and time in the zone; the closing minute is closed', () => {
    const at = (iso: string) => isInBusinessHours(new Date(iso), weekdays, LA);
    // Monday 2026-11-23 in Los Angeles (PST, UTC-8).
    expect(at('2026-11-23T15:59:59Z')).toBe(false); // 07:59:59
    expect(at('2026-11-23T16:00:00Z')).toBe(true); // 08:00
    expect(at('2026-11-24T00:59:00Z')).toBe(true); // 16:59
    expect(at('2026-11-24T01:00:00Z')).toBe(false); // 17:00
    // Saturday 10:00 local, though Saturday 18:00 UTC.
    expect(at('2026-11-21T18:00:00Z')).toBe(false);
    // Friday 20:00 local is Saturday 04:00 UTC: still Friday evening, closed.
    expect(at('2026-11-21T04:00:00Z')).toBe(false);
    // Summer time (PDT, UTC-7): Wednesday 2026-07-15 08:30 local.
    expect(at('2026-07-15T15:30:00Z')).toBe(true);
    expect(at('2026-07-15T14:30:00Z')).toBe(false);
  });

  it('takes the hours given: a listed weekend day, a whole day to midnight', () => {
    const saturdays = parseBusinessHours('Sat 09:30-13:00')!;
    expect(isInBusinessHours(new Date('2026-11-21T17:30:00Z'), saturdays, LA)).toBe(true);
    expect(isInBusinessHours(new Date('2026-11-21T17:29:00Z'), saturdays, LA)).toBe(false);
    const always = parseBusinessHours('Mon-Sun 00:00-24:00')!;
    expect(isInBusinessHours(new Date('2026-11-22T07:59:00Z'), always, LA)).toBe(true); // Sat 23:59
  });

  it('takes the zone given: Monday 08:30 in Berlin is Sunday night in Los Angeles', () => {
    const mondayInBerlin = new Date('2026-11-23T07:30:00Z');
    expect(isInBusinessHours(mondayInBerlin, weekdays, 'Europe/Berlin')).toBe(true);
    expect(isInBusinessHours(mondayInBerlin, weekdays, LA)).toBe(false);
  });
});
