import { describe, expect, it } from 'vitest';
import { macroFixture } from '../../test/ticket-fixtures.ts';
import { ALL_MACROS, UNCATEGORIZED, macroGroups, macroIdOf, macroLabel, optionValue } from './macro-groups.ts';

const phone = macroFixture({ id: 2, title: 'change_phone', tags: ['Account'] });
const email = macroFixture({ id: 1, title: 'change_email', tags: ['Account'] });
const payoff = macroFixture({ id: 9, title: 'calc_early_repay', tags: ['Early Repayment', 'Payments'] });
const loose = macroFixture({ id: 20, title: 'misc', tags: [] });

describe('macroGroups', () => {
  it("starts with 'All Macros', keeps the tree's tags and ends with 'Uncategorized'", () => {
    const tree = [
      { tag: 'Account', macros: [phone, email] },
      { tag: 'Early Repayment', macros: [payoff] },
      { tag: 'Payments', macros: [payoff] },
    ];
    const groups = macroGroups([phone, email, payoff, loose], tree);
    expect(groups.map((group) => group.tag)).toEqual([
      ALL_MACROS,
      'Account',
      'Early Repayment',
      'Payments',
      UNCATEGORIZED,
    ]);
    expect(groups[0]?.macros.map((macro) => macro.title)).toEqual([
      'calc_early_repay',
      'change_email',
      'change_phone',
      'misc',
    ]);
    expect(groups[1]?.macros.map((macro) => macro.title)).toEqual(['change_email', 'change_phone']);
    expect(groups[4]?.macros.map((macro) => macro.id)).toEqual([20]);
  });

  it("does not repeat the server's own 'All Macros' and 'Uncategorized' groups", () => {
    const tree = [
      { tag: ALL_MACROS, macros: [phone, loose] },
      { tag: 'Account', macros: [phone] },
      { tag: UNCATEGORIZED, macros: [loose] },
    ];
    expect(macroGroups([phone, loose], tree).map((group) => group.tag)).toEqual([ALL_MACROS, 'Account', UNCATEGORIZED]);
  });
});

describe('option values', () => {
  it('are unique per group and lead back to the macro id', () => {
    expect(optionValue('Account', 2)).not.toBe(optionValue(ALL_MACROS, 2));
    expect(macroIdOf(optionValue('Early Repayment', 9))).toBe(9);
    expect(macroLabel('change_phone')).toBe('Change phone');
  });
});
