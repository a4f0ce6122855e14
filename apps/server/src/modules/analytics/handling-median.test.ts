import { describe, expect, it } from 'vitest';
import { histogramMedian, splitByWholeMonths } from './handling-median.ts';

describe('histogramMedian', () => {
  it('is null for no tickets', () => {
    expect(histogramMedian([])).toBeNull();
    expect(histogramMedian([{ start: 1792, tickets: 0, handlingSeconds: 0 }])).toBeNull();
  });

  it('is exact when the middle tickets are alone in their buckets', () => {
    // 600 s, 1,800 s, 3,600 s: the middle one.
    const three = [
      { start: 3584, tickets: 1, handlingSeconds: 3600 },
      { start: 576, tickets: 1, handlingSeconds: 600 },
      { start: 1792, tickets: 1, handlingSeconds: 1800 },
    ];
    expect(histogramMedian(three)).toBe(1800);
    // An even count: the mean of the two middle ones, (1,800 + 3,600) / 2.
    expect(histogramMedian(three.slice(0, 1).concat(three.slice(2)))).toBe(2700);
  });

  it('takes a shared bucket at its mean, and counts every ticket in it', () => {
    // 1,800 s and 1,850 s share a bucket (1,792-1,920); with 5,000 s the middle rank is in it.
    expect(
      histogramMedian([
        { start: 1792, tickets: 2, handlingSeconds: 3650 },
        { start: 4608, tickets: 1, handlingSeconds: 5000 },
      ]),
    ).toBe(1825);
    // Three tickets at 10 s and one at 90,000 s: ranks 2 and 3 are both 10 s.
    expect(
      histogramMedian([
        { start: 10, tickets: 3, handlingSeconds: 30 },
        { start: 81920, tickets: 1, handlingSeconds: 90000 },
      ]),
    ).toBe(10);
  });
});

describe('splitByWholeMonths', () => {
  it('reads days inside one month as days', () => {
    expect(splitByWholeMonths('2026-11-03', '2026-11-20')).toEqual({
      months: [],
      days: [{ from: '2026-11-03', to: '2026-11-20' }],
    });
  });

  it('takes a whole month as a month', () => {
    expect(splitByWholeMonths('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02-01'], days: [] });
  });

  it('splits a year into its whole months and the days at either end, across the new year', () => {
    expect(splitByWholeMonths('2025-11-24', '2026-11-23')).toEqual({
      months: [
        '2025-12-01',
        '2026-01-01',
        '2026-02-01',
        '2026-03-01',
        '2026-04-01',
        '2026-05-01',
        '2026-06-01',
        '2026-07-01',
        '2026-08-01',
        '2026-09-01',
        '2026-10-01',
      ],
      days: [
        { from: '2025-11-24', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-23' },
      ],
    });
  });

  it('reads two part months with no whole one between as days', () => {
    expect(splitByWholeMonths('2026-01-15', '2026-02-10')).toEqual({
      months: [],
      days: [{ from: '2026-01-15', to: '2026-02-10' }],
    });
  });
});
