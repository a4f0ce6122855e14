import { describe, expect, it } from 'vitest';
import { addMonths as addCalendarMonths } from '@portal/contracts';
import { addMonths, formatDay, parseDay } from './calendar.ts';

const monthsLater = (date: string, months: number) => formatDay(addMonths(parseDay(date), months));

describe("the demo's calendar", () => {
  it('keeps the day of the month as the product does: a day the month lacks becomes its last day', () => {
    expect(monthsLater('2026-01-31', 1)).toBe('2026-02-28');
    expect(monthsLater('2026-01-31', 2)).toBe('2026-03-31');
    expect(monthsLater('2026-03-30', 1)).toBe('2026-04-30');
    expect(monthsLater('2027-12-29', 2)).toBe('2028-02-29');
    expect(monthsLater('2026-05-31', -3)).toBe('2026-02-28');
  });

  it('agrees with the contracts rule on every day of four years, months back and forth', () => {
    const from = parseDay('2025-01-01');
    for (let day = from; day < from + 4 * 366; day += 1)
      for (const months of [-25, -2, -1, 1, 2, 6, 12, 36])
        expect(formatDay(addMonths(day, months))).toBe(addCalendarMonths(formatDay(day), months));
  });
});
