import { BANKRUPTCY_CHAPTERS } from './bankruptcy-notice-form.ts';
import { isValidDate } from './user-fields.ts';
import { optionValues } from './option-lists.ts';

// Credit reporting's fixed lists and form rules (spec 001 sections 2, 3, 5, 8, 9), shared by the
// screens and the server. The response, dispute and verification codes are the spec's section 9
// lists; a test checks them against the Metro 2 reference data (reference/metro2-codes.json).

// ACDV response codes with the spec's meanings, in the order the select shows them.
export const ACDV_RESPONSE_CODE_OPTIONS = [
  { code: '01', meaning: 'Account information accurate as of date reported' },
  { code: '03', meaning: 'Delete account' },
  { code: '04', meaning: 'Misrouted, please reroute' },
  { code: '07', meaning: 'Delete due to fraud' },
  { code: '21', meaning: 'Updated disputed info only' },
  { code: '22', meaning: 'Updated disputed info and additional info' },
  { code: '23', meaning: 'Disputed info accurate, unrelated info updated' },
] as const;
export type AcdvResponseCode = (typeof ACDV_RESPONSE_CODE_OPTIONS)[number]['code'];
export const ACDV_RESPONSE_CODES = optionValues(ACDV_RESPONSE_CODE_OPTIONS, 'code');
// The answers that ask the bureau to delete the account: the Portal stops reporting it too.
export const ACDV_DELETE_CODES: readonly AcdvResponseCode[] = ['03', '07'];
// The answers that changed the disputed information, in the consumer's favour: the corrected
// account also goes to every bureau in the next Metro 2 correction file (FCRA 623(b)(1)(D)).
export const ACDV_MODIFY_CODES: readonly AcdvResponseCode[] = ['21', '22'];
// The answers after which the consumer's disagreement means nothing: the account is deleted (03,
// 07) or was never the Portal's to investigate (04, misrouted).
const NO_DISAGREEMENT_CODES: readonly string[] = ['03', '04', '07'];

export const ACDV_CONSUMER_DISAGREES_LABEL = 'The consumer still disagrees';

// Why the consumer's disagreement cannot go with this answer (the screen and the server), or null.
export function acdvDisagreementProblem(code: string, consumerDisagrees: boolean | undefined): string | null {
  if (!consumerDisagrees || !NO_DISAGREEMENT_CODES.includes(code)) return null;
  return code === '04'
    ? "A misrouted ACDV (04) is not the Portal's account: the consumer's disagreement cannot be recorded on it."
    : `An ACDV answered ${code} deletes the account: there is no account left to report the consumer's disagreement on.`;
}

export const ACDV_DISPUTE_CODE_OPTIONS = [
  { code: '001', meaning: 'Not his/hers' },
  { code: '002', meaning: 'Belongs to another individual with same/similar name' },
  { code: '101', meaning: 'Not liable for account' },
  { code: '103', meaning: 'Claims identity fraud' },
] as const;
export type AcdvDisputeCode = (typeof ACDV_DISPUTE_CODE_OPTIONS)[number]['code'];
export const ACDV_DISPUTE_CODES = optionValues(ACDV_DISPUTE_CODE_OPTIONS, 'code');

export const FIELD_VERIFICATIONS = ['SAME', 'DIFF', 'UNKN'] as const;
// An ACDV's control number as the import takes it (docs/acdv-import.md): letters, digits and dashes.
export const CONTROL_NUMBER_MAX_LENGTH = 64;
export const CONTROL_NUMBER_PATTERN = /^[A-Za-z0-9-]+$/;
export const isControlNumber = (text: string) =>
  text.length <= CONTROL_NUMBER_MAX_LENGTH && CONTROL_NUMBER_PATTERN.test(text);

export const ADJUSTMENT_TYPES = ['delete', 'resend', 'do_not_report'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
export const ADJUSTMENT_TYPE_OPTIONS: ReadonlyArray<{ value: AdjustmentType; label: string }> = [
  { value: 'delete', label: 'Delete' },
  { value: 'resend', label: 'Resend' },
  { value: 'do_not_report', label: 'Do Not Report' },
];
// gen_adj_file: false for do_not_report, otherwise true (spec 001 section 3).
export const generatesAdjustmentFile = (type: AdjustmentType) => type !== 'do_not_report';

// The only mailer the FCRA lookup sends: the 103 (identity fraud) mailer.
export const FCRA_MAILER_CODES = ['103'] as const;

export const FCRA_MESSAGES = {
  filed: 'Successfully filed bankruptcy',
  discharged: 'Successfully discharged bankruptcy',
  mailerSent: 'Successfully sent mailer',
  adjustmentServerError: 'There was an error on the server. Please contact Engineering.',
  noAcdvLeft: 'No ACDV requests are waiting for a response.',
  adjustmentHeading: 'Special Credit Report Adjustments',
} as const;

// The FCRA bankruptcy form (spec 001 section 5): all fields required; type 7 or 13; case code
// numeric; loan id numeric. The date must be a real date, not in the future.
export type FcraBankruptcyForm = { id: string; case_code: string; b_type: string; date: string };
export type FcraBankruptcyKind = 'file' | 'discharge';

const DATE_LABEL: Record<FcraBankruptcyKind, string> = { file: 'Date filed', discharge: 'Date discharged' };

export function fcraBankruptcyProblems(
  form: FcraBankruptcyForm,
  kind: FcraBankruptcyKind,
  today: string,
): Array<{ field: keyof FcraBankruptcyForm; message: string }> {
  const problems: Array<{ field: keyof FcraBankruptcyForm; message: string }> = [];
  const required: Array<[keyof FcraBankruptcyForm, string]> = [
    ['id', 'Loan ID'],
    ['case_code', 'Case code'],
    ['b_type', 'Bankruptcy type'],
    ['date', DATE_LABEL[kind]],
  ];
  for (const [field, label] of required)
    if (form[field].trim() === '') problems.push({ field, message: `${label} is required.` });
  const has = (field: keyof FcraBankruptcyForm) => form[field].trim() !== '';
  if (has('id') && !/^\d{1,15}$/.test(form.id.trim()))
    problems.push({ field: 'id', message: 'Loan ID must be numeric.' });
  if (has('case_code') && !/^\d{1,20}$/.test(form.case_code.trim()))
    problems.push({ field: 'case_code', message: 'Case code must be numeric.' });
  if (has('b_type') && !(BANKRUPTCY_CHAPTERS as readonly string[]).includes(form.b_type.trim()))
    problems.push({ field: 'b_type', message: 'Bankruptcy type must be 7 or 13.' });
  if (has('date')) {
    const date = form.date.trim();
    if (!isValidDate(date)) problems.push({ field: 'date', message: `${DATE_LABEL[kind]} must be a real date.` });
    else if (date > today) problems.push({ field: 'date', message: `${DATE_LABEL[kind]} cannot be in the future.` });
  }
  return problems;
}
