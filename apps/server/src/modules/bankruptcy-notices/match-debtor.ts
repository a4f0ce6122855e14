import { ssnFieldDigits, ssnLast4 } from '@portal/contracts';
import type { Executor } from '@portal/db';
import { findCustomersByLast4AndLastName, type SsnComparison } from '../customers/index.ts';

// Which customer a notice is about, from its debtors: the primary one first, then the joint one.
// A whole SSN finds the customer only through the SSN door (customers/ssn-search.ts, issue 37):
// the uploader's whole numbers are compared there in one request, before this runs, and only for
// an uploader holding customers.reveal_ssn, within their limit, audited. A whole number the door
// did not compare counts as its last four, as on a notice that prints only those: the last four
// with a name find the customers with those digits and that last name, narrowed by the first name
// when several share it, which tells the uploader nothing a last-four search would not. Only
// exactly one customer is a match: a guess between two would put a bankruptcy on the wrong
// account. The match is shown on the notice and applied only when it is processed.

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

// The whole SSNs the debtors carry: what the door is asked to compare.
export function wholeSsnsOf(debtors: Debtors): string[] {
  return [debtors.debtor_ssn, debtors.joint_debtor_ssn]
    .map((ssn) => ssnFieldDigits(ssn))
    .filter((digits) => digits.length === 9);
}

async function matchOne(
  db: Executor,
  comparison: SsnComparison,
  name: string | null,
  ssn: string | null,
): Promise<DebtorMatch | null> {
  const digits = ssnFieldDigits(ssn);
  if (digits.length === 9 && comparison.compared) {
    const ids = comparison.found.get(digits) ?? [];
    return ids.length === 1 ? { customerId: ids[0]!, match: 'ssn' } : null;
  }
  const last4 = digits.length === 9 ? ssnLast4(digits) : digits;
  if (last4.length !== 4 || !name) return null;
  const words = nameWords(name);
  if (!words) return null;
  let found = await findCustomersByLast4AndLastName(db, last4, words.last);
  if (found.length > 1) found = found.filter((row) => row.firstName.toLowerCase() === words.first.toLowerCase());
  return found.length === 1 ? { customerId: found[0]!.id, match: 'ssn_last4_and_name' } : null;
}

// `comparison`: the door's answer for the upload's whole SSNs.
export async function matchDebtor(
  db: Executor,
  comparison: SsnComparison,
  debtors: Debtors,
): Promise<DebtorMatch | null> {
  return (
    (await matchOne(db, comparison, debtors.debtor_name, debtors.debtor_ssn)) ??
    (await matchOne(db, comparison, debtors.joint_debtor_name, debtors.joint_debtor_ssn))
  );
}
