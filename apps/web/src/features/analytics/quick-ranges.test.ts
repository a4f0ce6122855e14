import { describe, expect, it } from 'vitest';
import { formatDuration, quickRange } from './quick-ranges.ts';

describe('quick ranges (spec 001 section 9)', () => {
  it('end today and reach back a day, a week, a month and a year', () => {
    expect(quickRange('Today', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(quickRange('Past 24hrs', '2026-11-23')).toEqual({ start: '2026-11-22', end: '2026-11-23' });
    expect(quickRange('Week', '2026-11-23')).toEqual({ start: '2026-11-17', end: '2026-11-23' });
    expect(quickRange('Month', '2026-03-01')).toEqual({ start: '2026-01-31', end: '2026-03-01' });
    expect(quickRange('Year', '2026-11-23')).toEqual({ start: '2025-11-24', end: '2026-11-23' });
  });
});

describe('formatDuration', () => {
  it('reads as hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatDuration(12_300)).toBe('3 h 25 min');
    expect(formatDuration(2_995.4)).toBe('49 min 55 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(null)).toBe('—');
  });
});
