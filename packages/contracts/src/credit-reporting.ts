import { z } from 'zod';
import { defineCall, FILE_RESPONSE, fillCallPath, needs } from './call.ts';
import { API_BASE_PATH } from './constants.ts';
import { dayKindSchema } from './deadlines.ts';
import { bigDatabaseIdSchema, isoDateSchema, uploadFailureSchema } from './primitives.ts';
import { postalAddressFields } from './postal-address.ts';
import {
  ADJUSTMENT_TYPES,
  CONTROL_NUMBER_MAX_LENGTH,
  FIELD_VERIFICATIONS,
  isControlNumber,
} from './rules/credit-reporting.ts';
import { isValidDate } from './rules/user-fields.ts';

// The credit-bureau side (spec 001 sections 2, 3, 7, 9): the loan-based FCRA lookup with its
// bankruptcy filing, discharge and 103 mailer (fcra_dashboard/), the ACDV dashboard (fcra/) and
// special credit report adjustments (cr_adj/). What the Portal reports of a loan is one Metro 2
// view computed from the loan's data (server: modules/credit-reporting/metro2-account.ts); every
// screen shows that view. Money is in dollars on the wire, as everywhere; Metro 2 itself reports
// whole dollars, so the ACDV comparison rounds as the bureaus do.

// A calendar date that exists (2026-02-30 does not).
export const realDateSchema = isoDateSchema.refine(isValidDate, 'That date does not exist.');

// The Metro 2 base segment fields of one loan on one date.
export const metro2AccountSchema = z.object({
  as_of: z.string(),
  // False while a Do Not Report adjustment stands: nothing goes to the bureaus.
  reported: z.boolean(),
  account_number: z.string(),
  portfolio_type: z.string(),
  account_type: z.string(),
  date_opened: z.string(),
  terms_duration: z.number(),
  terms_frequency: z.string(),
  scheduled_monthly_payment: z.number(),
  highest_credit: z.number(),
  current_balance: z.number(),
  amount_past_due: z.number(),
  days_past_due: z.number(),
  account_status: z.string(),
  payment_rating: z.string().nullable(),
  // 24 months, the month before as_of first.
  payment_history_profile: z.string(),
  special_comment: z.string().nullable(),
  compliance_condition_code: z.string().nullable(),
  interest_type: z.string(),
  date_of_first_delinquency: z.string().nullable(),
  date_closed: z.string().nullable(),
  date_of_last_payment: z.string().nullable(),
  consumer_information_indicator: z.string().nullable(),
  ecoa_code: z.string(),
});
export type Metro2AccountView = z.infer<typeof metro2AccountSchema>;

export const reportedConsumerSchema = z.object({
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  generation_code: z.string().nullable(),
  ssn_last4: z.string().nullable(),
  birthday: z.string().nullable(),
  phone_number: z.string().nullable(),
  ...postalAddressFields,
});
export type ReportedConsumer = z.infer<typeof reportedConsumerSchema>;

// One scheduled payment as the lookup lists it.
export const paymentDetailSchema = z.object({
  id: z.number(),
  original_due_date: z.string(),
  due_date: z.string(),
  // paid, late (due and unpaid), due (not yet), processing, invalid
  status: z.string(),
  amount_paid: z.number(),
  payment_amount: z.number(),
  paid_on: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const pastAdjustmentSchema = z.object({
  id: z.number(),
  adj_type: z.enum(ADJUSTMENT_TYPES),
  reason: z.string().nullable(),
  // Sent to the bureaus (in a correction file or an ACDV response); Do Not Report needs no sending.
  processed: z.boolean(),
  gen_adj_file: z.boolean(),
  source: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type PastAdjustment = z.infer<typeof pastAdjustmentSchema>;

export const customerBankruptcySchema = z.object({
  case_code: z.string(),
  b_type: z.number(),
  court_district: z.string().nullable(),
  filed: z.string().nullable(),
  discharged: z.string().nullable(),
  dismissed: z.string().nullable(),
  consumer_information_indicator: z.string(),
});

export const historyYearSchema = z.object({
  year: z.number(),
  // The Metro 2 payment history code of each month, January first.
  months: z.array(z.string().nullable()),
  // The compliance condition code (XB, XC, XH) reported at each month's end; null when none.
  compliance: z.array(z.string().nullable()),
});

export const fcraLookupQuerySchema = z.object({
  loan_id: bigDatabaseIdSchema,
  // Today (business time zone) when omitted.
  report_date: realDateSchema.optional(),
});
export type FcraLookupQuery = z.input<typeof fcraLookupQuerySchema>;

export const fcraLookupResponseSchema = z.object({
  report_date: z.string(),
  loan: z.object({
    id: z.number(),
    status: z.string(),
    // Loans this one refinanced and was refinanced by, oldest first, this one included.
    refinance_chain_ids: z.array(z.number()),
    // Null when the loan was not funded by the report date: nothing was reported.
    account: metro2AccountSchema.nullable(),
    consumer: reportedConsumerSchema,
    payment_detail: z.array(paymentDetailSchema),
    past_adjustments: z.array(pastAdjustmentSchema),
    // 7 years by 12 months, the report date's year first; null for a month after the report date.
    history: z.array(historyYearSchema),
  }),
  user: z.object({
    id: z.number(),
    dnc: z.boolean(),
    dnl: z.boolean(),
    bankruptcy: customerBankruptcySchema.nullable(),
    comments: z.array(z.object({ body: z.string(), created_at: z.string(), employee: z.string().nullable() })),
  }),
  additional_loans: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      current_balance: z.number(),
      accepted: z.string().nullable(),
      cash_advanced: z.number().nullable(),
      payment_detail: z.array(paymentDetailSchema),
    }),
  ),
});
export type FcraLookupResponse = z.infer<typeof fcraLookupResponseSchema>;

// The FCRA bankruptcy form as sent: every field may come as text or a number (the form sends
// what was typed); the rule (rules/credit-reporting.ts) says what is wrong in the spec's words.
const formValue = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

export const fileBankruptcyBodySchema = z.object({
  id: formValue,
  case_code: formValue,
  b_type: formValue,
  date_filed: formValue,
});
export type FileBankruptcyBody = z.input<typeof fileBankruptcyBodySchema>;

export const dischargeBankruptcyBodySchema = z.object({
  id: formValue,
  case_code: formValue,
  b_type: formValue,
  date_discharged: formValue,
});
export type DischargeBankruptcyBody = z.input<typeof dischargeBankruptcyBodySchema>;

export const bankruptcyActionResponseSchema = z.object({
  message: z.string(),
  // What was recorded, in a sentence (the case, the indicator now reported, debits stopped).
  detail: z.string(),
  bankruptcy: customerBankruptcySchema,
});
export type BankruptcyActionResponse = z.infer<typeof bankruptcyActionResponseSchema>;

export const fcraMailerBodySchema = z.object({ id: bigDatabaseIdSchema, code: formValue });
export type FcraMailerBody = z.input<typeof fcraMailerBodySchema>;
export const fcraMailerResponseSchema = z.object({
  message: z.string(),
  detail: z.string(),
  document_id: z.string(),
  message_id: z.number().nullable(),
});
export type FcraMailerResponse = z.infer<typeof fcraMailerResponseSchema>;

// ---- ACDV -------------------------------------------------------------------------------------

export const fieldVerificationSchema = z.enum(FIELD_VERIFICATIONS, {
  error: 'Each field is verified as SAME, DIFF or UNKN.',
});
export type FieldVerification = z.infer<typeof fieldVerificationSchema>;

// One compared field: what the bureau sent beside what the Portal reports, and the verification
// the Portal suggests (SAME when they agree, DIFF when not, UNKN when either side has nothing).
export const acdvFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  group: z.enum(['consumer', 'account']),
  bureau: z.string().nullable(),
  portal: z.string().nullable(),
  suggested: fieldVerificationSchema,
});
export type AcdvField = z.infer<typeof acdvFieldSchema>;

export const acdvSchema = z.object({
  // The request's id in the Portal (its live topic, issue 40); the bureau names it by control_number.
  id: z.number(),
  control_number: z.string(),
  dispute_code: z.string(),
  dispute_meaning: z.string(),
  received_on: z.string(),
  response_due_on: z.string(),
  overdue: z.boolean(),
  // The bureau's own Response Due Date, when the ACDV carried one; response_due_on is the earliest
  // of it and ours (issue 39).
  bureau_response_due_on: z.string().nullable(),
  // Calendar days to response_due_on, negative once overdue; the day the consumer's information
  // came, when it moved the response to 45 days (decision 047).
  days_left: z.number(),
  days_kind: dayKindSchema,
  consumer_info_added_on: z.string().nullable(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  generation_code: z.string().nullable(),
  birthday: z.string().nullable(),
  // The bureau sends the whole number; the Portal keeps and shows only the last four (the
  // comparison is made on the whole number, through its keyed hash).
  ssn_last4: z.string().nullable(),
  phone_number: z.string().nullable(),
  address: z.object(postalAddressFields),
  account_number: z.string().nullable(),
  fields: z.array(acdvFieldSchema),
  lease_expires_at: z.string(),
});
export type Acdv = z.infer<typeof acdvSchema>;

// The skip list: the control numbers already seen, comma-separated (skip=A,B). One value only: a
// name given twice is refused, as for every query field. A number that names no request skips nothing.
export const acdvRequestQuerySchema = z.object({
  skip: z
    .string()
    .max(70_000, 'The skip list is too long.')
    .refine(
      (text) => /^[A-Za-z0-9, -]*$/.test(text),
      'The skip list is control numbers (letters, digits and dashes) separated by commas.',
    )
    .optional()
    .transform((text) =>
      (text ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .refine((list) => list.length <= 1000, 'At most 1000 control numbers can be skipped.')
    .refine(
      (list) => list.every((item) => item.length <= CONTROL_NUMBER_MAX_LENGTH),
      `A control number has at most ${CONTROL_NUMBER_MAX_LENGTH} characters.`,
    ),
});

export const acdvRequestResponseSchema = z.object({
  // Null when no unanswered request is left outside the skip list.
  acdv: acdvSchema.nullable(),
  // The Portal's consumer the request names (matched by the loan and SSN), or null.
  user: z
    .object({ id: z.number(), first_name: z.string(), last_name: z.string(), ssn_matches: z.boolean() })
    .nullable(),
  // Unanswered requests, this one and the skipped ones included.
  count: z.number(),
  responseVerification: z.record(z.string(), fieldVerificationSchema),
  loan_id: z.number().nullable(),
  hasImage: z.boolean(),
});
export type AcdvRequestResponse = z.infer<typeof acdvRequestResponseSchema>;

// The control number that names an ACDV on every ACDV call, trimmed. `text` says what a missing
// one is told: the image query keeps zod's own sentence.
const controlNumberText = (text: z.ZodString) =>
  text
    .trim()
    .min(1, 'control_number is required.')
    .refine(
      isControlNumber,
      `A control number is letters, digits and dashes, at most ${CONTROL_NUMBER_MAX_LENGTH} characters.`,
    );
const controlNumberSchema = controlNumberText(z.string({ error: 'control_number is required.' }));

export const acdvResponseBodySchema = z.object({
  control_number: controlNumberSchema,
  response_verification: z.record(z.string(), z.string(), { error: 'response_verification is required.' }),
  acdv_response_code: z.string({ error: 'acdv_response_code is required.' }).trim(),
  // The investigation is complete and the consumer still disagrees: the loan is reported XC.
  consumer_disagrees: z.boolean({ error: 'consumer_disagrees is true or false.' }).optional(),
});
export type AcdvResponseBody = z.input<typeof acdvResponseBodySchema>;
export const acdvResponseResponseSchema = z.object({ message: z.string(), count: z.number() });

export const acdvImageQuerySchema = z.object({
  control_number: controlNumberText(z.string()),
});
// imageString: a data: URL (its content type, base64), ready for an <img> or a PDF frame.
export const acdvImageResponseSchema = z.object({ imageString: z.string(), content_type: z.string() });

// The consumer's information on an ACDV (issue 30, decision 047): the day it came in moves the
// response to the 45-day date.
// The ACDV is named by its control number, as on every other ACDV call (its row id is not on the wire).
export const acdvConsumerInfoBodySchema = z.object({
  control_number: controlNumberSchema,
  // The day the consumer's information came in.
  received_on: realDateSchema,
});
export type AcdvConsumerInfoBody = z.input<typeof acdvConsumerInfoBodySchema>;
export const acdvConsumerInfoResponseSchema = z.object({
  message: z.string(),
  control_number: z.string(),
  consumer_info_added_on: z.string(),
  response_due_on: z.string(),
  days_left: z.number(),
  days_kind: dayKindSchema,
});
export type AcdvConsumerInfoResponse = z.infer<typeof acdvConsumerInfoResponseSchema>;

export const reportingFileSchema = z.object({
  id: z.number(),
  kind: z.enum(['acdv_response', 'metro2_correction']),
  file_name: z.string(),
  record_count: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type ReportingFile = z.infer<typeof reportingFileSchema>;

export const recordAcdvsResponseSchema = z.object({
  message: z.string(),
  processed: z.number(),
  file: reportingFileSchema.nullable(),
});
export type RecordAcdvsResponse = z.infer<typeof recordAcdvsResponseSchema>;

// A bad record of an import: its place in the file (1 = the first record), its control number
// when it has one, and every problem found.
export const importProblemSchema = z.object({
  record: z.number(),
  control_number: z.string().nullable(),
  errors: z.array(z.string()),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const acdvImportResponseSchema = z.object({
  message: z.string(),
  imported: z.number(),
  // Control numbers already imported: skipped, not an error.
  duplicates: z.array(z.string()),
  skipped: z.array(importProblemSchema),
  failed_files: z.array(uploadFailureSchema),
});
export type AcdvImportResponse = z.infer<typeof acdvImportResponseSchema>;

export const reportingFilesResponseSchema = z.object({
  files: z.array(reportingFileSchema),
  unprocessed_acdvs: z.number(),
  pending_adjustments: z.number(),
});
export type ReportingFilesResponse = z.infer<typeof reportingFilesResponseSchema>;

// ---- credit report adjustments ----------------------------------------------------------------

// An id left empty arrives as null (JSON has no NaN) or not at all: the message names the field,
// as the form does, rather than the generic 'An id must be a number.'.
function enteredIdSchema(missing: string) {
  return bigDatabaseIdSchema.nullish().transform((id, context) => {
    if (id !== null && id !== undefined) return id;
    context.addIssue({ code: 'custom', message: missing });
    return z.NEVER;
  });
}

export const ADJUSTMENT_MESSAGES = {
  loanIdMissing: 'Please enter the loan ID.',
  userIdMissing: 'Please enter the user ID.',
  typeMissing: 'Please choose an adjustment type.',
} as const;

export const createAdjustmentBodySchema = z.object({
  loan_id: enteredIdSchema(ADJUSTMENT_MESSAGES.loanIdMissing),
  user_id: enteredIdSchema(ADJUSTMENT_MESSAGES.userIdMissing),
  adj_type: z.enum(ADJUSTMENT_TYPES, { error: 'Adjustment Type must be Delete, Resend or Do Not Report.' }),
  reason: z
    .string()
    .trim()
    .max(500, 'The reason can be at most 500 characters.')
    .nullish()
    .transform((text) => (text ? text : null)),
  // False for do_not_report, otherwise true (spec 001 section 3); the server sets it when omitted.
  gen_adj_file: z.boolean().optional(),
});
export type CreateAdjustmentBody = z.input<typeof createAdjustmentBodySchema>;
export const createAdjustmentResponseSchema = z.object({ results: z.array(z.string()), adjustment_id: z.number() });
export type CreateAdjustmentResponse = z.infer<typeof createAdjustmentResponseSchema>;

export const correctionFileResponseSchema = z.object({
  message: z.string(),
  file: reportingFileSchema.nullable(),
});
export type CorrectionFileResponse = z.infer<typeof correctionFileResponseSchema>;

const fileIdParamsSchema = z.object({ id: bigDatabaseIdSchema });

export const creditReportingCalls = {
  fcraLookup: defineCall({
    method: 'GET',
    path: 'fcra_dashboard/fcra_lookup',
    access: 'signedIn',
    query: fcraLookupQuerySchema,
    response: fcraLookupResponseSchema,
  }),
  fileBankruptcy: defineCall({
    method: 'POST',
    path: 'fcra_dashboard/fcra_file_bankruptcy',
    access: needs('credit_reporting.adjust'),
    body: fileBankruptcyBodySchema,
    response: bankruptcyActionResponseSchema,
  }),
  dischargeBankruptcy: defineCall({
    method: 'PATCH',
    path: 'fcra_dashboard/fcra_discharge_bankruptcy',
    access: needs('credit_reporting.adjust'),
    body: dischargeBankruptcyBodySchema,
    response: bankruptcyActionResponseSchema,
  }),
  fcraMailer: defineCall({
    method: 'POST',
    path: 'fcra_dashboard/fcra_mailer',
    access: needs('credit_reporting.adjust'),
    body: fcraMailerBodySchema,
    response: fcraMailerResponseSchema,
  }),
  acdvRequest: defineCall({
    method: 'GET',
    path: 'fcra/acdv_request',
    access: needs('credit_reporting.respond'),
    query: acdvRequestQuerySchema,
    response: acdvRequestResponseSchema,
  }),
  acdvResponse: defineCall({
    method: 'POST',
    path: 'fcra/acdv_response',
    access: needs('credit_reporting.respond'),
    body: acdvResponseBodySchema,
    response: acdvResponseResponseSchema,
  }),
  acdvImage: defineCall({
    method: 'GET',
    path: 'fcra/get_image',
    access: needs('credit_reporting.respond'),
    query: acdvImageQuerySchema,
    response: acdvImageResponseSchema,
  }),
  // Records the day the consumer's information came and moves the response to the 45-day date.
  acdvConsumerInfo: defineCall({
    method: 'PATCH',
    path: 'fcra/acdv_consumer_info',
    access: needs('credit_reporting.respond'),
    body: acdvConsumerInfoBodySchema,
    response: acdvConsumerInfoResponseSchema,
  }),
  recordAndProcessAcdvs: defineCall({
    method: 'PATCH',
    path: 'fcra/record_and_process_acdvs',
    access: needs('credit_reporting.respond'),
    response: recordAcdvsResponseSchema,
  }),
  // multipart/form-data, files[]: ACDV request files (JSON or CSV, docs/acdv-import.md).
  importAcdvs: defineCall({
    method: 'POST',
    path: 'fcra/import_acdvs',
    access: needs('credit_reporting.respond'),
    response: acdvImportResponseSchema,
  }),
  reportingFiles: defineCall({
    method: 'GET',
    path: 'fcra/reporting_files',
    access: needs('credit_reporting.respond', 'credit_reporting.adjust'),
    response: reportingFilesResponseSchema,
  }),
  reportingFile: defineCall({
    method: 'GET',
    path: 'fcra/reporting_files/:id',
    access: needs('credit_reporting.respond', 'credit_reporting.adjust'),
    params: fileIdParamsSchema,
    response: FILE_RESPONSE,
  }),
  createAdjustment: defineCall({
    method: 'PUT',
    path: 'cr_adj/create_and_notify',
    access: needs('credit_reporting.adjust'),
    body: createAdjustmentBodySchema,
    response: createAdjustmentResponseSchema,
    status: 201,
  }),
  // The Metro 2 correction file of every adjustment waiting for one (gen_adj_file, not yet sent).
  correctionFile: defineCall({
    method: 'POST',
    path: 'cr_adj/correction_file',
    access: needs('credit_reporting.adjust'),
    response: correctionFileResponseSchema,
  }),
};

export const reportingFileUrl = (id: number) =>
  `${API_BASE_PATH}/${fillCallPath(creditReportingCalls.reportingFile.path, { id })}`;
