import { describe, expect, it } from 'vitest';
import { buildMacroTree } from './macro-tree.ts';

describe('buildMacroTree', () => {
  it('lists all macros, then each tag alphabetically, then the untagged ones', () => {
    const macros = [
      { id: 1, title: 'zeta', body: 'z', purpose: 'servicing' as const, tags: ['Payments'] },
      { id: 2, title: 'alpha', body: 'a', purpose: 'servicing' as const, tags: [] },
      { id: 3, title: 'beta', body: 'b', purpose: 'servicing' as const, tags: ['Payments', 'Account'] },
    ];
    const tree = buildMacroTree(macros);
    expect(tree.map((branch) => [branch.tag, branch.macros.map((macro) => macro.title)])).toEqual([
      ['All Macros', ['alpha', 'beta', 'zeta']],
      ['Account', ['beta']],
      ['Payments', ['beta', 'zeta']],
      ['Uncategorized', ['alpha']],
    ]);
  });

  it('keeps the All Macros and Uncategorized branches when there are no macros', () => {
    expect(buildMacroTree([])).toEqual([
      { tag: 'All Macros', macros: [] },
      { tag: 'Uncategorized', macros: [] },
    ]);
  });
});
