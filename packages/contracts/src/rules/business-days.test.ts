import { describe, expect, it } from 'vitest';
import * as calendar from './business-days.ts';

describe('the federal holiday calendar', () => {
  it('has the eleven holidays of 2026 as OPM lists them (Independence Day kept on Friday 3 July)', () => {
    const listed =
      '2026-01-01 2026-01-19 2026-02-16 2026-05-25 2026-06-19 2026-07-03 2026-09-07 2026-10-12 2026-11-11 2026-11-26 2026-12-25';
    expect(calendar.federalHolidays(2026)).toEqual(listed.split(' '));
  });

  it('keeps a Sunday holiday on the Monday and a Saturday one on the Friday', () => {
    // 2027: Juneteenth is a Saturday, Independence Day a Sunday, Christmas a Saturday.
    expect(calendar.federalHolidays(2027)).toEqual(expect.arrayContaining(['2027-06-18', '2027-07-05', '2027-12-24']));
    expect(calendar.isFederalHoliday('2027-07-04')).toBe(false);
  });

  it("keeps New Year's Day 2028, a Saturday, on Friday 31 December 2027", () => {
    expect(calendar.federalHolidays(2028)).not.toContain('2028-01-01');
    expect(calendar.isFederalHoliday('2027-12-31')).toBe(true);
    expect(calendar.isBusinessDay('2027-12-31')).toBe(false);
  });

  it('has no Juneteenth before 2021', () => {
    expect(calendar.federalHolidays(2020)).toHaveLength(10);
    expect(calendar.federalHolidays(2021)).toContain('2021-06-18');
  });
});

describe('business days', () => {
  it('skips weekends and holidays, both ways', () => {
    // Wednesday 25 November 2026, the day before Thanksgiving.
    expect(calendar.addBusinessDays('2026-11-25', 1)).toBe('2026-11-27');
    expect(calendar.addBusinessDays('2026-11-25', 5)).toBe('2026-12-03');
    expect(calendar.addBusinessDays('2026-11-30', -2)).toBe('2026-11-25');
    // Christmas 2026 is a Friday: from Thursday 24 December, the next business day is Monday 28.
    expect(calendar.addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
  });

  it('answers the day itself, or the next business day, for 0', () => {
    expect(calendar.addBusinessDays('2026-11-24', 0)).toBe('2026-11-24');
    expect(calendar.addBusinessDays('2026-11-26', 0)).toBe('2026-11-27');
  });

  it('counts what addBusinessDays adds', () => {
    expect(calendar.businessDaysBetween('2026-11-25', '2026-12-03')).toBe(5);
    expect(calendar.businessDaysBetween('2026-12-03', '2026-11-25')).toBe(-5);
    expect(calendar.businessDaysBetween('2026-11-25', '2026-11-25')).toBe(0);
    for (const count of [1, 3, 10, 30])
      expect(calendar.businessDaysBetween('2026-12-20', calendar.addBusinessDays('2026-12-20', count))).toBe(count);
  });
});
