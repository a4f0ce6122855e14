import { addDays } from './dates.ts';
import { isValidDate } from './user-fields.ts';

// The income verify form's rules (spec 001 sections 5 and 9), one function for the screen and the
// server: the server gives the minimum paystub date and today, and refuses what this refuses.

export const INCOME_FREQUENCIES = ['Monthly', 'Semi-monthly', 'Bi-weekly', 'Weekly'] as const;
export type IncomeFrequency = (typeof INCOME_FREQUENCIES)[number];
// A paystub may be dated at most this many days after today (spec 001 section 9).
export const PAYSTUB_MAX_DAYS_AHEAD = 30;
// The oldest paystub a review accepts: dated at most this many days before the loan's application.
export const PAYSTUB_MAX_AGE_DAYS = 45;
// Income amounts are dollars and cents up to this (a month's pay of a consumer borrower).
export const INCOME_MAX_DOLLARS = 1_000_000;

export const NAME_MATCH_MESSAGE =
  "Please confirm that the name on the documents matches the user's name. If the names do not match, please re-request documents.";

export type IncomeVerifyFields = {
  name_match: boolean;
  paystub_date: string;
  gross_income: string;
  net_income: string;
  frequency: string;
  start_date: string;
  end_date: string;
};
export type IncomeVerifyField = keyof IncomeVerifyFields;
export type IncomeVerifyProblems = Partial<Record<IncomeVerifyField | 'period', string>>;

// The latest paystub date the form takes, given today.
export function latestPaystubDate(today: string): string {
  return addDays(today, PAYSTUB_MAX_DAYS_AHEAD);
}

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

// The amount in cents, or a sentence saying what is wrong with it.
export function readIncomeAmount(label: string, text: string): number | string {
  const trimmed = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (trimmed === '') return `${label} is required.`;
  if (!AMOUNT.test(trimmed)) return `${label} must be a number of dollars and cents, like 1250.50.`;
  const cents = Math.round(Number(trimmed) * 100);
  if (cents <= 0) return `${label} must be more than $0.00.`;
  if (cents > INCOME_MAX_DOLLARS * 100)
    return `${label} can be at most $${INCOME_MAX_DOLLARS.toLocaleString('en-US')}.`;
  return cents;
}

function dateProblem(label: string, text: string): string | null {
  if (text.trim() === '') return `${label} is required.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !isValidDate(text)) return `${label} is not a valid date.`;
  return null;
}

// Every problem of the form, by field ('period' when neither a frequency nor both dates are given).
export function incomeVerifyProblems(
  form: IncomeVerifyFields,
  limits: { today: string; minimumPaystubDate: string },
): IncomeVerifyProblems {
  const problems: IncomeVerifyProblems = {};
  if (!form.name_match) problems.name_match = NAME_MATCH_MESSAGE;

  const paystubDate = dateProblem('Paystub date', form.paystub_date);
  const latest = latestPaystubDate(limits.today);
  if (paystubDate) problems.paystub_date = paystubDate;
  else if (form.paystub_date < limits.minimumPaystubDate)
    problems.paystub_date = `The paystub must be dated on or after ${limits.minimumPaystubDate}.`;
  else if (form.paystub_date > latest)
    problems.paystub_date = `The paystub can be dated at most ${PAYSTUB_MAX_DAYS_AHEAD} days from today (${latest}).`;

  const gross = readIncomeAmount('Gross income', form.gross_income);
  const net = readIncomeAmount('Net income', form.net_income);
  if (typeof gross === 'string') problems.gross_income = gross;
  if (typeof net === 'string') problems.net_income = net;
  if (typeof gross === 'number' && typeof net === 'number' && net > gross)
    problems.net_income = 'Net income cannot be more than gross income.';

  const frequency = form.frequency.trim();
  const hasStart = form.start_date.trim() !== '';
  const hasEnd = form.end_date.trim() !== '';
  if (frequency !== '') {
    if (!(INCOME_FREQUENCIES as readonly string[]).includes(frequency))
      problems.frequency = `Frequency must be one of ${INCOME_FREQUENCIES.join(', ')}.`;
  } else if (!hasStart || !hasEnd) {
    problems.period = 'Choose a pay frequency, or enter both the start and end dates of the pay period.';
  }
  if (hasStart || hasEnd || frequency === '') {
    for (const [field, label] of [
      ['start_date', 'Start date'],
      ['end_date', 'End date'],
    ] as const) {
      const text = form[field];
      if (text.trim() === '') continue;
      const problem = dateProblem(label, text);
      if (problem) problems[field] = problem;
      else if (text > limits.today) problems[field] = `${label} cannot be after today (${limits.today}).`;
    }
    if (hasStart && hasEnd && !problems.start_date && !problems.end_date && form.start_date > form.end_date)
      problems.end_date = 'End date cannot be before the start date.';
  }
  return problems;
}

// Reasons a reviewer can give when asking for a new paystub (GET income/rerequest_reasons), with
// the words the customer reads.
export const PAYSTUB_REREQUEST_REASONS = [
  {
    key: 'unreadable',
    label: 'Unreadable or blurry',
    text: 'the paystub was hard to read; please send a clear photo or the PDF',
  },
  { key: 'cut_off', label: 'Cut off', text: 'part of the paystub was cut off; please send the whole page' },
  { key: 'too_old', label: 'Too old', text: 'the paystub is too old; please send your most recent one' },
  {
    key: 'name_mismatch',
    label: 'Name does not match',
    text: 'the name on the paystub does not match the name on your application',
  },
  {
    key: 'missing_amounts',
    label: 'Missing gross or net pay',
    text: 'the paystub does not show both your gross and net pay',
  },
  {
    key: 'missing_dates',
    label: 'Missing pay date or period',
    text: 'the paystub does not show the pay date or the pay period',
  },
  { key: 'not_a_paystub', label: 'Not a paystub', text: 'the document sent is not a paystub' },
] as const;
export type PaystubRerequestReason = (typeof PAYSTUB_REREQUEST_REASONS)[number]['key'];
export const REREQUEST_NOTE_MAX_LENGTH = 500;
