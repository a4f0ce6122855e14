import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { SSN_REQUIRED_MESSAGE, ssnDigits, ssnProblem } from './rules/ssn.ts';

// A customer's SSN (the user page's Advanced modal, spec 000 sections 2, 5 and 7): stored sealed,
// shown as its last four digits, changed with users/update_ssn and shown whole only through
// users/reveal_ssn, by holders of customers.reveal_ssn, with a reason, each time audited.

export const REVEAL_REASON_MIN_LENGTH = 3;
export const REVEAL_REASON_MAX_LENGTH = 500;
export const REVEAL_REASON_REQUIRED_MESSAGE = 'Please give a reason for revealing the SSN (what it is needed for).';

// What staff typed, checked by the rule both sides share; the server reads the nine digits.
const typedSsnSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? SSN_REQUIRED_MESSAGE
        : 'The SSN must be sent as text, e.g. "123-45-6789".',
  })
  .superRefine((text, context) => {
    const problem = ssnProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  // Checked just above, so never null here.
  .transform((text) => ssnDigits(text) ?? '');

export const updateSsnRequestSchema = z.object({
  user_id: bigDatabaseIdSchema,
  ssn: typedSsnSchema,
  // Saves an SSN another customer already has (audited as forced, naming them).
  force: z.boolean({ error: 'Force must be true or false.' }).optional().default(false),
});
export type UpdateSsnRequest = z.input<typeof updateSsnRequestSchema>;
export const updateSsnResponseSchema = z.object({ message: z.string(), ssn_last4: z.string() });
export type UpdateSsnResponse = z.infer<typeof updateSsnResponseSchema>;

export const revealSsnRequestSchema = z.object({
  user_id: bigDatabaseIdSchema,
  reason: z
    .string({ error: REVEAL_REASON_REQUIRED_MESSAGE })
    .trim()
    .min(REVEAL_REASON_MIN_LENGTH, REVEAL_REASON_REQUIRED_MESSAGE)
    .max(REVEAL_REASON_MAX_LENGTH, `The reason must be at most ${REVEAL_REASON_MAX_LENGTH} characters.`),
});
export type RevealSsnRequest = z.input<typeof revealSsnRequestSchema>;
// ssn is formatted XXX-XX-XXXX.
export const revealSsnResponseSchema = z.object({ user_id: z.number(), ssn: z.string(), ssn_last4: z.string() });
export type RevealSsnResponse = z.infer<typeof revealSsnResponseSchema>;

export const ssnCalls = {
  updateSsn: defineCall({
    method: 'POST',
    path: 'users/update_ssn',
    access: needs('customers.edit_ssn'),
    body: updateSsnRequestSchema,
    response: updateSsnResponseSchema,
  }),
  // The whole SSN, for holders of customers.reveal_ssn; every reveal is audited with its reason.
  revealSsn: defineCall({
    method: 'POST',
    path: 'users/reveal_ssn',
    access: needs('customers.reveal_ssn'),
    body: revealSsnRequestSchema,
    response: revealSsnResponseSchema,
  }),
};
