import { describe, expect, it } from 'vitest';
import {
  defaultPaymentDate,
  earliestPaymentDate,
  isCalendarDate,
  isSelectablePaymentDate,
  isWeekday,
  isWeekend,
  latestCollectionDate,
  latestDateAfterMaturity,
  latestPaymentDate,
  nextWeekday,
  previousWeekday,
} from './payment-calendar.ts';

describe('isCalendarDate', () => {
  it('takes YYYY-MM-DD dates that exist, and nothing else', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-5')).toBe(false);
    expect(isCalendarDate('2026-11-21T00:00:00Z')).toBe(false);
  });
});

describe('isWeekday / isWeekend', () => {
  it('knows Monday to Friday from Saturday and Sunday', () => {
    expect([
      isWeekday('2026-11-20'),
      isWeekday('2026-11-21'),
      isWeekday('2026-11-22'),
      isWeekday('2026-11-23'),
    ]).toEqual([true, false, false, true]);
    expect([
      isWeekend('2026-11-20'),
      isWeekend('2026-11-21'),
      isWeekend('2026-11-22'),
      isWeekend('2026-11-23'),
    ]).toEqual([false, true, true, false]);
  });
});

describe('nextWeekday / previousWeekday', () => {
  it('moves a weekend date to the Monday after, or the Friday before; a weekday stays', () => {
    expect(nextWeekday('2026-11-21')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-22')).toBe('2026-11-23');
    expect(nextWeekday('2026-11-24')).toBe('2026-11-24');
    expect(previousWeekday('2026-11-21')).toBe('2026-11-20');
    expect(previousWeekday('2026-11-22')).toBe('2026-11-20');
    expect(previousWeekday('2026-11-24')).toBe('2026-11-24');
  });
});

describe('latestCollectionDate / latestDateAfterMaturity', () => {
  it('is a year from today', () => {
    expect(latestCollectionDate('2026-11-21')).toBe('2027-11-21');
    expect(latestCollectionDate('2028-02-29')).toBe('2029-02-28');
  });
  it('is the maturity plus the grace days', () => {
    expect(latestDateAfterMaturity('2027-05-20', 30)).toBe('2027-06-19');
    expect(latestDateAfterMaturity('2027-05-20', 0)).toBe('2027-05-20');
  });
});

describe('earliestPaymentDate / latestPaymentDate', () => {
  it('starts today, or on the Monday when today is a weekend day', () => {
    expect(earliestPaymentDate('2026-11-20')).toBe('2026-11-20');
    expect(earliestPaymentDate('2026-11-21')).toBe('2026-11-23');
  });
  it('ends a year out on a weekday, or earlier at the loan limit', () => {
    // 2027-11-21 is a Sunday.
    expect(latestPaymentDate('2026-11-21')).toBe('2027-11-19');
    expect(latestPaymentDate('2026-11-21', '2027-04-17')).toBe('2027-04-16');
    expect(latestPaymentDate('2026-11-21', '2030-01-01')).toBe('2027-11-19');
    // A limit already behind: nothing can be picked, which the bounds show by crossing.
    expect(latestPaymentDate('2026-11-23', '2026-11-01') < earliestPaymentDate('2026-11-23')).toBe(true);
  });
});

describe('isSelectablePaymentDate', () => {
  it('accepts weekdays from today on', () => {
    expect(isSelectablePaymentDate('2026-04-16', '2026-04-17')).toBe(false);
    expect(isSelectablePaymentDate('2026-04-17', '2026-04-17')).toBe(true);
    expect(isSelectablePaymentDate('2026-04-18', '2026-04-17')).toBe(false);
  });
  it('accepts nothing more than a year out', () => {
    expect(isSelectablePaymentDate('2027-11-19', '2026-11-20')).toBe(true);
    expect(isSelectablePaymentDate('2027-11-22', '2026-11-20')).toBe(false);
    expect(isSelectablePaymentDate('9999-12-31', '2026-11-20')).toBe(false);
  });
  it('accepts nothing past the loan limit, which is itself selectable', () => {
    expect(isSelectablePaymentDate('2027-06-18', '2026-11-20', '2027-06-18')).toBe(true);
    expect(isSelectablePaymentDate('2027-06-21', '2026-11-20', '2027-06-18')).toBe(false);
  });
  it('refuses what is not a date on the calendar', () => {
    expect(isSelectablePaymentDate('2027-02-30', '2026-11-20')).toBe(false);
    expect(isSelectablePaymentDate('soon', '2026-11-20')).toBe(false);
  });
});

describe('defaultPaymentDate', () => {
  it('is two weeks after the due date, on a weekday, never before today', () => {
    // 2026-04-15 is a Wednesday: two weeks later is Wednesday 2026-04-29.
    expect(defaultPaymentDate('2026-04-15', '2026-04-01')).toBe('2026-04-29');
    // 2026-04-18 is a Saturday: two weeks later is a Saturday too, so Monday 2026-05-04.
    expect(defaultPaymentDate('2026-04-18', '2026-04-01')).toBe('2026-05-04');
    // A long-past due date: today (a Friday) instead, or the Monday after a weekend today.
    expect(defaultPaymentDate('2025-01-10', '2026-04-17')).toBe('2026-04-17');
    expect(defaultPaymentDate('2025-01-10', '2026-04-18')).toBe('2026-04-20');
  });
});
