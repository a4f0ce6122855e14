import file from './metro2-codes.json' with { type: 'json' };

// Metro 2 value sets, copied from the project's reference data (../shared/data/metro2-codes.json;
// its source is named inside), never retyped.
export const metro2 = file;

export type BankruptcyEvent = 'petition' | 'discharge' | 'dismissal';

// The consumer information indicator a bankruptcy implies (Metro 2 field 38): the petition,
// discharge or dismissal of a chapter 7 or 13 case. The letter is looked up by its meaning in the
// reference data ('Petition for Chapter 13 bankruptcy' -> D), so no code is written here by hand.
const MEANINGS: Record<BankruptcyEvent, (chapter: 7 | 13) => RegExp> = {
  petition: (chapter) => new RegExp(`^Petition for Chapter ${chapter} bankruptcy$`),
  discharge: (chapter) => new RegExp(`^Discharged (?:/ completed )?through Chapter ${chapter} bankruptcy$`),
  dismissal: (chapter) => new RegExp(`^Chapter ${chapter} bankruptcy dismissed$`),
};

export function consumerInformationIndicator(
  event: BankruptcyEvent,
  chapter: 7 | 13,
): { code: string; meaning: string } {
  const pattern = MEANINGS[event](chapter);
  const found = Object.entries(metro2.consumer_information_indicator).find(([, meaning]) => pattern.test(meaning));
  if (!found)
    throw new Error(`metro2-codes.json has no consumer information indicator for ${event} of chapter ${chapter}.`);
  return { code: found[0], meaning: found[1] };
}

// A range of days past due as the reference data words it: '30-59 days past the due date',
// 'Current account (0-29 days past the due date)', '180 days or more past the due date',
// '60-89 days past due', '0 payments past due (current)', '180 or more days past due'.
function daysRange(meaning: string): { from: number; to: number } | null {
  const span = /(\d+)-(\d+) days past/.exec(meaning);
  if (span) return { from: Number(span[1]), to: Number(span[2]) };
  const open = /(\d+) (?:days )?or more days past|(\d+) days or more past/.exec(meaning);
  if (open) return { from: Number(open[1] ?? open[2]), to: Number.POSITIVE_INFINITY };
  if (/^0 payments past due/.test(meaning)) return { from: 0, to: 29 };
  return null;
}

function codeForDays(values: Record<string, string>, daysPastDue: number, name: string): string {
  const found = Object.entries(values).find(([, meaning]) => {
    const range = daysRange(meaning);
    return range !== null && daysPastDue >= range.from && daysPastDue <= range.to;
  });
  if (!found) throw new Error(`metro2-codes.json has no ${name} for ${daysPastDue} days past due.`);
  return found[0];
}

// The account status of an open account by how late it is (Metro 2 field 17A): 11, 71, 78, 80, 82, 83, 84.
export function delinquencyAccountStatus(daysPastDue: number): string {
  return codeForDays(metro2.account_status, Math.max(0, daysPastDue), 'account status');
}

// A month of the payment history profile (field 18) by how late the account was at its end: 0-6.
export function paymentHistoryCode(daysPastDue: number): string {
  return codeForDays(metro2.payment_history_profile, Math.max(0, daysPastDue), 'payment history code');
}

// The payment rating (field 17B) of a closed account, by how late it was when it closed: 0-6.
export function paymentRatingFor(daysPastDue: number): string {
  return codeForDays(metro2.payment_rating, Math.max(0, daysPastDue), 'payment rating');
}

// A code by its exact meaning in a value set, e.g. ('account_status', 'Paid or closed account / zero balance') -> 13.
export function metro2CodeFor(
  set: 'account_status' | 'payment_history_profile' | 'compliance_condition' | 'ecoa',
  meaning: string,
): string {
  const found = Object.entries(metro2[set]).find(([, candidate]) => candidate === meaning);
  if (!found) throw new Error(`metro2-codes.json has no ${set} meaning '${meaning}'.`);
  return found[0];
}
