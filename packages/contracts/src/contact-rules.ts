import { z } from 'zod';
import { defineCall } from './call.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { messagePurposes } from './rules/contact-gate.ts';

// The contact gate's verdict before Send (decision 046): the reply box and the composer ask what
// would happen to a message now, and show the sentence under Send.

export const messagePurposeSchema = z.enum(messagePurposes, { error: 'purpose must be collection or servicing.' });

export const contactVerdictQuerySchema = z
  .object({
    // The customer written to, and (a reply box) the ticket answered: its customer's last message
    // keeps a conversation live. A ticket from an unknown sender has only the ticket.
    user_id: bigDatabaseIdSchema.optional(),
    ticket_id: bigDatabaseIdSchema.optional(),
    channel: z.enum(['text', 'email'], { error: 'channel must be text or email.' }),
    // The agent's pick (it can only make the message collection) and the macro it starts from.
    purpose: messagePurposeSchema.optional(),
    macro_id: bigDatabaseIdSchema.optional(),
  })
  .refine((query) => query.user_id !== undefined || query.ticket_id !== undefined, {
    message: 'Give user_id or ticket_id.',
  });
export type ContactVerdictQuery = z.input<typeof contactVerdictQuerySchema>;

export const contactVerdictResponseSchema = z.object({
  verdict: z.enum(['send', 'hold', 'refuse']),
  sentence: z.string(),
  // When a held message goes out (ISO instant), else null.
  until: z.string().nullable(),
});
export type ContactVerdictResponse = z.infer<typeof contactVerdictResponseSchema>;

export const contactRuleCalls = {
  contactVerdict: defineCall({
    method: 'GET',
    path: 'users/contact_verdict',
    access: 'signedIn',
    query: contactVerdictQuerySchema,
    response: contactVerdictResponseSchema,
  }),
};
