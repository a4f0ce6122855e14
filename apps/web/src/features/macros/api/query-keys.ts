// The macros feature's query keys. Saving a macro refreshes everything under 'macros': the list the
// reply box inserts from, and the editor's history.
export const macroKeys = {
  all: ['macros'] as const,
  list: () => ['macros', 'list'] as const,
  versions: (title: string) => ['macros', 'versions', title] as const,
  values: (query: { ticket_id?: number; user_id?: number }) => ['macros', 'values', query] as const,
};
