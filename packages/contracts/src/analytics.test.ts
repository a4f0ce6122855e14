import { describe, expect, it } from 'vitest';
import { analyticsRangeProblems, analyticsTimePeriod, daysInRange } from './analytics.ts';

describe('analyticsRangeProblems (spec 001 section 5: the range cannot go after today)', () => {
  const today = '2026-11-23';
  it('passes a range ending today, and a single day', () => {
    expect(analyticsRangeProblems('2026-11-01', today, today)).toEqual([]);
    expect(analyticsRangeProblems(today, today, today)).toEqual([]);
  });
  it('refuses an end after today and a start after the end', () => {
    expect(analyticsRangeProblems('2026-11-01', '2026-11-24', today)).toEqual(['The end date cannot be after today.']);
    expect(analyticsRangeProblems('2026-11-10', '2026-11-09', today)).toEqual([
      'The start date must be on or before the end date.',
    ]);
  });
  it('refuses dates that are not on the calendar and ranges over five years', () => {
    expect(analyticsRangeProblems('2026-02-29', '2026-03-01', today)).toEqual([
      'Dates are written YYYY-MM-DD, like 2026-11-23.',
    ]);
    expect(analyticsRangeProblems('2021-11-01', today, today)).toEqual([
      'A range is at most 1,830 days; choose a shorter one.',
    ]);
  });
});

describe('analyticsTimePeriod', () => {
  it('is hours for a day, days up to three months, weeks up to a year, months beyond', () => {
    expect(analyticsTimePeriod('2026-11-23', '2026-11-23')).toBe('hour');
    expect(analyticsTimePeriod('2026-11-22', '2026-11-23')).toBe('day');
    expect(daysInRange('2026-08-24', '2026-11-23')).toBe(92);
    expect(analyticsTimePeriod('2026-08-24', '2026-11-23')).toBe('day');
    expect(analyticsTimePeriod('2026-08-23', '2026-11-23')).toBe('week');
    expect(analyticsTimePeriod('2025-11-23', '2026-11-23')).toBe('week');
    expect(analyticsTimePeriod('2025-11-22', '2026-11-23')).toBe('month');
  });
});
