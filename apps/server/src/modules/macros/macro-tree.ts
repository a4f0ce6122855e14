import type { Macro, MacroTree } from '@portal/contracts';

export const ALL_MACROS = 'All Macros';
export const UNCATEGORIZED = 'Uncategorized';

// The macro dropdown's tree (spec 000 section 3): every macro, then one branch per tag in
// alphabetical order, then the untagged ones. A macro with two tags sits under both.
export function buildMacroTree(macros: readonly Macro[]): MacroTree {
  const byTitle = [...macros].sort((a, b) => a.title.localeCompare(b.title));
  const tags = [...new Set(byTitle.flatMap((macro) => macro.tags))].sort((a, b) => a.localeCompare(b));
  return [
    { tag: ALL_MACROS, macros: byTitle },
    ...tags.map((tag) => ({ tag, macros: byTitle.filter((macro) => macro.tags.includes(tag)) })),
    { tag: UNCATEGORIZED, macros: byTitle.filter((macro) => macro.tags.length === 0) },
  ];
}
