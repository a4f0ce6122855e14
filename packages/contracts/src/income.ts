import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { PAYSTUB_REREQUEST_REASONS, REREQUEST_NOTE_MAX_LENGTH } from './rules/income-verify.ts';

// Income review (spec 001 sections 2, 3, 4, 5, 7, 8): one loan at a time whose paystubs need
// review, leased to the reviewer; verify its income, or ask the customer for a new paystub.

export const paystubSchema = z.object({
  id: z.number(),
  name: z.string(),
  uploaded_at: z.string(),
  reviewed_at: z.string().nullable(),
  // GET documents/:id, fetched with the bearer header.
  url: z.string(),
  stub_file_type: z.enum(['pdf', 'image']),
  content_type: z.string(),
});
export type Paystub = z.infer<typeof paystubSchema>;

export const incomeReviewItemSchema = z.object({
  // The review's id (its live topic, issue 40); the loan is what is reviewed.
  review_id: z.number(),
  loan_id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  applied_amount: z.number(),
  applied: z.string(),
  // Newest first; the first not yet reviewed is the one to read.
  paystubs: z.array(paystubSchema),
  url: z.string(),
  stub_file_type: z.enum(['pdf', 'image']),
  paystub_must_be_dated_on_or_after: z.string(),
  // The latest paystub date the form takes (today + 30 days).
  paystub_must_be_dated_on_or_before: z.string(),
  today: z.string(),
  last_ticket_id: z.number().nullable(),
  lease_expires_at: z.string(),
});
export type IncomeReviewItem = z.infer<typeof incomeReviewItemSchema>;

export const incomeReviewResponseSchema = z.object({
  review: incomeReviewItemSchema.nullable(),
  need_review_total: z.number(),
});
export type IncomeReviewResponse = z.infer<typeof incomeReviewResponseSchema>;

const formText = z.string().max(40).default('');
// Loose on purpose: the fields arrive as the form holds them, and the rules (rules/income-verify.ts)
// answer each problem with the spec's sentence (422), not a schema's 400.
export const verifyIncomeBodySchema = z.object({
  loan_id: bigDatabaseIdSchema,
  name_match: z.boolean().default(false),
  paystub_date: formText,
  gross_income: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .default(''),
  net_income: z
    .union([z.string().max(40), z.number()])
    .transform(String)
    .default(''),
  frequency: z
    .string()
    .max(40)
    .nullable()
    .default('')
    .transform((value) => value ?? ''),
  start_date: z
    .string()
    .max(40)
    .nullable()
    .default('')
    .transform((value) => value ?? ''),
  end_date: z
    .string()
    .max(40)
    .nullable()
    .default('')
    .transform((value) => value ?? ''),
});
export type VerifyIncomeBody = z.input<typeof verifyIncomeBodySchema>;

export const incomeActionResponseSchema = z.object({ message: z.string(), need_review_total: z.number() });
export type IncomeActionResponse = z.infer<typeof incomeActionResponseSchema>;

const reasonKeys = PAYSTUB_REREQUEST_REASONS.map((reason) => reason.key) as [string, ...string[]];
export const requestNewStubBodySchema = z.object({
  loan_id: bigDatabaseIdSchema,
  reasons: z
    .array(z.enum(reasonKeys, { error: `Each reason must be one of ${reasonKeys.join(', ')}.` }))
    .max(reasonKeys.length)
    .default([]),
  note: z.string().trim().max(REREQUEST_NOTE_MAX_LENGTH).default(''),
});
export type RequestNewStubBody = z.input<typeof requestNewStubBodySchema>;

export const rerequestReasonsResponseSchema = z.object({
  reasons: z.array(z.object({ key: z.string(), label: z.string(), text: z.string() })),
});
export type RerequestReasonsResponse = z.infer<typeof rerequestReasonsResponseSchema>;

export const releaseIncomeReviewBodySchema = z.object({ loan_id: bigDatabaseIdSchema });
export type ReleaseIncomeReviewBody = z.input<typeof releaseIncomeReviewBodySchema>;

export const incomeCalls = {
  review: defineCall({
    method: 'GET',
    path: 'income/review',
    access: needs('income.review'),
    response: incomeReviewResponseSchema,
  }),
  verifyIncome: defineCall({
    method: 'PATCH',
    path: 'income/verify_income',
    access: needs('income.review'),
    body: verifyIncomeBodySchema,
    response: incomeActionResponseSchema,
  }),
  rerequestReasons: defineCall({
    method: 'GET',
    path: 'income/rerequest_reasons',
    access: needs('income.review'),
    response: rerequestReasonsResponseSchema,
  }),
  // Lets go of the loan the caller holds (the screen left or closed), back to the queue for the others.
  release: defineCall({
    method: 'PATCH',
    path: 'income/release',
    access: needs('income.review'),
    body: releaseIncomeReviewBodySchema,
    response: incomeActionResponseSchema,
  }),
  requestNewStub: defineCall({
    method: 'PATCH',
    path: 'income/request_new_stub',
    access: needs('income.review'),
    body: requestNewStubBodySchema,
    response: incomeActionResponseSchema,
  }),
};
