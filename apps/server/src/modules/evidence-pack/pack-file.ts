// One file of a pack: where it goes in the ZIP, the section it belongs to, what it is (for the index)
// and, for a list, how many records it holds.

export const PACK_SECTIONS = [
  'index',
  'profile',
  'loans',
  'underwriting',
  'messages',
  'letters',
  'disputes',
  'bankruptcy',
  'credit-reporting',
  // Internal staff records (issue 40): never the customer's to see.
  'staff',
  'audit',
] as const;
export type PackSection = (typeof PACK_SECTIONS)[number];

export type PackFile = {
  path: string;
  section: PackSection;
  description: string;
  content: string | Uint8Array;
  records: number | null;
};

// Who built the pack and when: what the index says and the sections date their figures by.
export type PackStamp = {
  builtAt: Date;
  // The business date and its zone (what "today" is for the payoff and the Metro 2 months).
  today: string;
  timeZone: string;
  builtBy: { employeeId: number; name: string };
};

export const iso = (at: Date | null | undefined): string | null => (at ? at.toISOString() : null);

// '#12 Ann Agent', or the id alone when the employee is gone; null when no employee did it.
export function employeeLabel(names: ReadonlyMap<number, string>, id: number | null): string | null {
  if (id === null) return null;
  const name = names.get(id);
  return name ? `${name} (#${id})` : `employee #${id}`;
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
