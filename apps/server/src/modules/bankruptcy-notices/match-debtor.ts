import { ssnFieldDigits } from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import { findCustomerIdsBySsn, findCustomersByLast4AndLastName } from '../customers/index.ts';

// Which customer a notice is about, from its debtors: the primary one first, then the joint one.
// A whole SSN finds the customer by its keyed hash (decision 023); the last four with a name find
// the customers with those digits and that last name, narrowed by the first name when several
// share it. Only exactly one customer is a match: a guess between two would put a bankruptcy on
// the wrong account. The match is shown on the notice and applied only when it is processed.

export type CustomerMatch = 'ssn' | 'ssn_last4_and_name' | 'staff';
export type DebtorMatch = { customerId: number; match: CustomerMatch };
export type Debtors = {
  debtor_name: string | null;
  debtor_ssn: string | null;
  joint_debtor_name: string | null;
  joint_debtor_ssn: string | null;
};

// Words that end a name without being the last name ('John Smith Jr.').
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

export function nameWords(name: string): { first: string; last: string } | null {
  const words = name
    .replace(/,/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  while (words.length > 1 && SUFFIXES.has(words.at(-1)!.toLowerCase().replace(/\.$/, ''))) words.pop();
  if (words.length < 2) return null;
  return { first: words[0]!, last: words.at(-1)! };
}

async function matchOne(
  context: Pick<BankruptcyNoticesDeps, 'db' | 'secretsKey'>,
  name: string | null,
  ssn: string | null,
): Promise<DebtorMatch | null> {
  const digits = ssnFieldDigits(ssn);
  if (digits.length === 9) {
    // Without SECRETS_KEY there is no hash to look up: this way is skipped, not refused.
    if (!context.secretsKey) return null;
    const ids = await findCustomerIdsBySsn(context, digits);
    return ids.length === 1 ? { customerId: ids[0]!, match: 'ssn' } : null;
  }
  if (digits.length !== 4 || !name) return null;
  const words = nameWords(name);
  if (!words) return null;
  let found = await findCustomersByLast4AndLastName(context.db, digits, words.last);
  if (found.length > 1) found = found.filter((row) => row.firstName.toLowerCase() === words.first.toLowerCase());
  return found.length === 1 ? { customerId: found[0]!.id, match: 'ssn_last4_and_name' } : null;
}

export async function matchDebtor(
  context: Pick<BankruptcyNoticesDeps, 'db' | 'secretsKey'>,
  debtors: Debtors,
): Promise<DebtorMatch | null> {
  return (
    (await matchOne(context, debtors.debtor_name, debtors.debtor_ssn)) ??
    (await matchOne(context, debtors.joint_debtor_name, debtors.joint_debtor_ssn))
  );
}
