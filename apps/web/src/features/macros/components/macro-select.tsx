import { useMemo, useState, type ReactNode } from 'react';
import { Select, type ComboboxItem, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import type { Macro } from '@portal/contracts';
import { ALL_MACROS, macroGroups, macroIdOf, macroLabel, optionValue } from '../macro-groups.ts';

type MacroSelectProps = {
  macros: readonly Macro[];
  tree: ReadonlyArray<{ tag: string; macros: readonly Macro[] }>;
  onPick: (macro: Macro) => void;
  disabled?: boolean;
};

function isGroup(item: ComboboxParsedItem): item is { group: ReactNode; items: ComboboxItem[] } {
  return 'group' in item;
}

// Browsing shows the groups; typing searches every macro once (the 'All Macros' group), not once per
// tag, by title and by text, so "payoff" finds calc_early_repay.
function searchAllMacros(searchText: ReadonlyMap<string, string>): OptionsFilter {
  return ({ options, search }) => {
    const query = search.trim().toLowerCase();
    if (query === '') return options;
    const all = options.find((item) => isGroup(item) && item.group === ALL_MACROS);
    if (!all || !isGroup(all)) return [];
    return all.items.filter((item) => (searchText.get(item.value) ?? item.label.toLowerCase()).includes(query));
  };
}

// A picker, not a field: it empties itself after each pick so the same macro can be inserted again.
export function MacroSelect({ macros, tree, onPick, disabled }: MacroSelectProps) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => macroGroups(macros, tree), [macros, tree]);
  const data = useMemo(
    () =>
      groups.map((group) => ({
        group: group.tag,
        items: group.macros.map((macro) => ({
          value: optionValue(group.tag, macro.id),
          label: macroLabel(macro.title),
        })),
      })),
    [groups],
  );

  const filter = useMemo(
    () =>
      searchAllMacros(
        new Map(
          macros.map((macro) => [
            optionValue(ALL_MACROS, macro.id),
            `${macroLabel(macro.title)} ${macro.title} ${macro.body}`.toLowerCase(),
          ]),
        ),
      ),
    [macros],
  );

  function pick(value: string | null) {
    const id = value === null ? null : macroIdOf(value);
    const macro = macros.find((candidate) => candidate.id === id);
    setSearch('');
    if (macro) onPick(macro);
  }

  return (
    <Select
      aria-label="Insert macro"
      placeholder="Insert macro…"
      size="xs"
      w={240}
      data={data}
      value={null}
      onChange={pick}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      nothingFoundMessage="No macro by that name"
      maxDropdownHeight={320}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
