import { describe, expect, it } from 'vitest';
import { withReadableDates } from './readable-dates.ts';

describe('withReadableDates', () => {
  it("writes the server's YYYY-MM-DD dates as the screens do", () => {
    expect(
      withReadableDates(
        'Warning: the new date 2027-07-19 is after the next payment (2027-07-02). Confirm to split anyway.',
      ),
    ).toBe('Warning: the new date Jul 19, 2027 is after the next payment (Jul 2, 2027). Confirm to split anyway.');
  });

  it('leaves timestamps, impossible dates and other numbers alone', () => {
    expect(withReadableDates('at 2027-07-02T10:00:00Z')).toBe('at 2027-07-02T10:00:00Z');
    expect(withReadableDates('code 12027-07-021')).toBe('code 12027-07-021');
    expect(withReadableDates('on 2027-13-45.')).toBe('on 2027-13-45.');
  });
});
