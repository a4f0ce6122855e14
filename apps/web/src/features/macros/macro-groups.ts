import type { Macro } from '@portal/contracts';

export const ALL_MACROS = 'All Macros';
export const UNCATEGORIZED = 'Uncategorized';

export type MacroGroup = { tag: string; macros: readonly Macro[] };
type Tree = ReadonlyArray<{ tag: string; macros: readonly Macro[] }>;

const byTitle = (a: Macro, b: Macro) => a.title.localeCompare(b.title);

// The dropdown's groups (spec 000 section 3): 'All Macros' first, then each tag as the server's tree
// orders them, then 'Uncategorized'. The server's tree may or may not carry the first and the last.
export function macroGroups(macros: readonly Macro[], tree: Tree): MacroGroup[] {
  const tagged = tree.filter(
    (group) => group.tag !== ALL_MACROS && group.tag !== UNCATEGORIZED && group.macros.length > 0,
  );
  const uncategorized =
    tree.find((group) => group.tag === UNCATEGORIZED)?.macros ?? macros.filter((macro) => macro.tags.length === 0);
  const groups: MacroGroup[] = [{ tag: ALL_MACROS, macros: [...macros].sort(byTitle) }];
  for (const group of tagged) groups.push({ tag: group.tag, macros: [...group.macros].sort(byTitle) });
  if (uncategorized.length > 0) groups.push({ tag: UNCATEGORIZED, macros: [...uncategorized].sort(byTitle) });
  return groups;
}

// A macro appears in several groups; a Select needs one value per option.
export function optionValue(tag: string, macroId: number): string {
  return `${tag}::${macroId}`;
}

export function macroIdOf(value: string): number | null {
  const id = Number(value.slice(value.lastIndexOf('::') + 2));
  return Number.isInteger(id) && id > 0 ? id : null;
}

// "change_phone" reads better as "Change phone" in a list.
export function macroLabel(title: string): string {
  const words = title.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
