import { describe, expect, it } from 'vitest';
import { achDays } from './ach-calendar.ts';

// 16:00 in Los Angeles; December 2026: Thursday 3, Friday 4, Monday 7; Christmas is Friday 25.
const CUTOFF = 16 * 60;
const at = (iso: string) => achDays(new Date(iso), 'America/Los_Angeles', CUTOFF);

describe('achDays', () => {
  it('goes the same business day before the cut-off and settles the next', () => {
    expect(at('2026-12-03T23:59:00Z')).toEqual({ processingDate: '2026-12-03', effectiveDate: '2026-12-04' });
  });

  it('goes the next business day from the cut-off on', () => {
    expect(at('2026-12-04T00:00:00Z')).toEqual({ processingDate: '2026-12-04', effectiveDate: '2026-12-07' });
    expect(at('2026-12-05T00:30:00Z')).toEqual({ processingDate: '2026-12-07', effectiveDate: '2026-12-08' });
  });

  it('skips weekends and federal holidays', () => {
    expect(at('2026-12-05T18:00:00Z')).toEqual({ processingDate: '2026-12-07', effectiveDate: '2026-12-08' });
    expect(at('2026-12-24T18:00:00Z')).toEqual({ processingDate: '2026-12-24', effectiveDate: '2026-12-28' });
    expect(at('2026-12-25T18:00:00Z')).toEqual({ processingDate: '2026-12-28', effectiveDate: '2026-12-29' });
  });
});
