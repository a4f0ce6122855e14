import { z } from 'zod';
import { defineCall } from './call.ts';
import { documentItemSchema } from './documents.ts';
import { verbatimMessage } from './errors.ts';
import { BIGINT_ID_MAX, strictNumber } from './primitives.ts';

// The letters of the user page (spec 000 sections 4, 5, 7; spec 001 section 4): an account status
// letter, a debt validation letter and the FCRA packet, drawn as PDFs, saved to the customer's
// documents and, when asked, emailed to the customer with the PDF attached.

// The spec's own words (section 5).
export const LOAN_ID_REQUIRED_MESSAGE = verbatimMessage('Please enter a loan id');
export const SEND_EMAIL_REQUIRED_MESSAGE = verbatimMessage(
  'Please select whether or not to email the letter directly to the customer',
);
// What a letter modal says when it fails (spec 000 section 8).
export const LETTER_FAILURE_MESSAGE = 'Please reach out to internal tools/engineering';

const requiredId = (message: string) =>
  strictNumber(/^\d{1,16}$/, z.number({ error: message }).int(message).positive(message).max(BIGINT_ID_MAX, message));

export const letterRequestSchema = z.object({
  loan_id: requiredId(LOAN_ID_REQUIRED_MESSAGE),
  send_email: z.boolean({ error: SEND_EMAIL_REQUIRED_MESSAGE }),
});
export type LetterRequest = z.input<typeof letterRequestSchema>;

export const fcraPacketRequestSchema = z.object({
  user_id: requiredId('Please enter a user id.'),
  loan_id: requiredId(LOAN_ID_REQUIRED_MESSAGE),
});
export type FcraPacketRequest = z.input<typeof fcraPacketRequestSchema>;

export const letterResponseSchema = z.object({
  message: z.string(),
  document: documentItemSchema,
  // The queued email when the letter was emailed, else null.
  message_id: z.number().nullable(),
});
export type LetterResponse = z.infer<typeof letterResponseSchema>;

export const letterCalls = {
  sendAccountStatus: defineCall({
    method: 'POST',
    path: 'users/send_account_status',
    access: 'signedIn',
    body: letterRequestSchema,
    response: letterResponseSchema,
  }),
  sendDebtValidation: defineCall({
    method: 'POST',
    path: 'users/send_debt_validation',
    access: 'signedIn',
    body: letterRequestSchema,
    response: letterResponseSchema,
  }),
  // Saved to the documents only (it goes to the credit bureaus' disputes, not to the customer).
  generateFcraPacket: defineCall({
    method: 'POST',
    path: 'users/generate_fcra_packet',
    access: 'signedIn',
    body: fcraPacketRequestSchema,
    response: letterResponseSchema,
  }),
};
