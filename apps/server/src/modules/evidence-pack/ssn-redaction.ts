import { maskSsn, ssnLast4 } from '@portal/contracts';
import { ssnHashOf } from '../customers/index.ts';
import type { EvidencePackDeps } from './deps.ts';

// No whole SSN leaves in a pack (FCRA/GLBA care): the profile carries the last four digits only,
// and every text file goes through this before it is zipped, because a customer may have typed
// their number into a message, or a bureau or court sent one in a field kept as it came. Nine
// digits written as an SSN is (123-45-6789) become ***-**-6789 whoever's they are; nine digits
// written any other way (123456789, 123 45 6789) only when they are the customer's own, known by
// the SSN's keyed hash (decision 023), so the number itself is never opened to look for it.

// Nine digits, perhaps in groups of 3-2-4, that are not part of a longer number.
const NINE_DIGITS = /(?<!\d)\d{3}[- .]?\d{2}[- .]?\d{4}(?!\d)/g;
const SSN_LAYOUT = /^\d{3}-\d{2}-\d{4}$/;

export type Redact = (text: string) => string;

export function ssnRedactor(deps: Pick<EvidencePackDeps, 'secretsKey'>, ssnHash: string | null): Redact {
  // Without SECRETS_KEY no hash can be compared (and no SSN was stored whole to compare with).
  const canCompare = ssnHash !== null && deps.secretsKey !== null;
  const known = new Map<string, boolean>();
  const isCustomers = (digits: string) => {
    if (!canCompare) return false;
    let answer = known.get(digits);
    if (answer === undefined) {
      answer = ssnHashOf(deps, digits) === ssnHash;
      known.set(digits, answer);
    }
    return answer;
  };
  return (text) =>
    text.replace(NINE_DIGITS, (match) => {
      const digits = match.replace(/\D/g, '');
      return SSN_LAYOUT.test(match) || isCustomers(digits) ? (maskSsn(ssnLast4(digits)) ?? '') : match;
    });
}
