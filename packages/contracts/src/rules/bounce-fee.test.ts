import { describe, expect, it } from 'vitest';
import { bounceFeeCents } from './bounce-fee.ts';

describe('bounceFeeCents', () => {
  it('charges the fee on insufficient and uncollected funds only', () => {
    expect(bounceFeeCents('R01', 1500)).toBe(1500);
    expect(bounceFeeCents('R09', 1500)).toBe(1500);
    for (const code of ['R02', 'R03', 'R04', 'R07', 'R08', 'R10', 'R29'])
      expect(bounceFeeCents(code, 1500), code).toBe(0);
  });

  it('charges nothing when the lender charges no fee', () => {
    expect(bounceFeeCents('R01', 0)).toBe(0);
  });
});
