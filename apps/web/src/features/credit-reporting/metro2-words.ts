import { metro2 } from '@portal/contracts/metro2';

// A Metro 2 code with its meaning from the reference data ('11 — Current account (0-29 days past
// the due date)'); a code the set does not know is shown as it is.
export type Metro2Set =
  | 'account_status'
  | 'payment_rating'
  | 'payment_history_profile'
  | 'portfolio_type'
  | 'terms_frequency'
  | 'ecoa'
  | 'compliance_condition'
  | 'consumer_information_indicator';

export function metro2Meaning(set: Metro2Set, code: string | null | undefined): string | null {
  if (code === null || code === undefined || code === '') return null;
  return (metro2[set] as Record<string, string>)[code] ?? null;
}

export function metro2Words(set: Metro2Set, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  const meaning = metro2Meaning(set, code);
  return meaning ? `${code} — ${meaning}` : code;
}
