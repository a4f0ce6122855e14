import { messagePurposeSchema } from './contact-rules.ts';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { bigDatabaseIdSchema, databaseIdSchema, requiredText } from './primitives.ts';

// Messages of a ticket's thread and the customer's history, and the reply an agent sends
// (spec 000 section 7). Decision 010 explains the shapes.

export const messageTypes = ['text', 'email', 'notification'] as const;
export const messageStatuses = ['received', 'queued', 'sent', 'undelivered'] as const;

export const messageSchema = z.object({
  id: z.number(),
  ticket_id: z.number().nullable(),
  type: z.enum(messageTypes),
  inbound: z.boolean(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  processed: z.boolean(),
  // queued = in the outbox (no provider configured, not yet sent, or retrying after `error`);
  // undelivered carries the provider's error. attempts: deliveries tried (ours only).
  status: z.enum(messageStatuses),
  error: z.string().nullable(),
  attempts: z.number(),
  employee_name: z.string().nullable(),
  // Sent by the Portal itself outside business hours (decision 035), not by an employee.
  auto_response: z.boolean(),
  // Held by the contact gate for the customer's quiet hours (decision 046): when it goes out.
  held_until: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

const replySchema = requiredText('Write a reply before sending.', 5000, 'A reply must be at most 5,000 characters.');
export const sendReplyRequestSchema = z.object({
  id: bigDatabaseIdSchema,
  reply: replySchema,
  macro_id: databaseIdSchema.nullable().optional(),
  // The suggestion the agent started from, if any (kept with the message for the suggester's statistics).
  filter_id: z.string().max(100).nullable().optional(),
  // Collection when the agent says so or the macro is (decision 046, issue 37); else servicing only
  // as the one answer to the customer's message, or with a servicing macro. A label opens no door.
  purpose: messagePurposeSchema.optional(),
});
export type SendReplyRequest = z.input<typeof sendReplyRequestSchema>;
export const sendReplyResponseSchema = z.object({
  ticket_id: z.number(),
  message: messageSchema,
  // Until when the agent may undo it (POST undo_send); it does not leave before. Null: no window.
  undo_until: z.string().nullable(),
});
export type SendReplyResponse = z.infer<typeof sendReplyResponseSchema>;

// Undo send (issue 40, decision 065): the reply back, never sent; its ticket open and the agent's.
export const undoSendRequestSchema = z.object({ message_id: bigDatabaseIdSchema });
export const undoSendResponseSchema = z.object({
  ticket_id: z.number(),
  message_id: z.number(),
  // The reply's text, for the box to hold again.
  reply: z.string(),
});
export type UndoSendResponse = z.infer<typeof undoSendResponseSchema>;

export const messageCalls = {
  // Sends the reply on the ticket's channel and closes the ticket (id is the ticket's).
  sendReply: defineCall({
    method: 'POST',
    path: 'send_reply',
    access: 'signedIn',
    body: sendReplyRequestSchema,
    response: sendReplyResponseSchema,
  }),
  undoSend: defineCall({
    method: 'POST',
    path: 'undo_send',
    access: 'signedIn',
    body: undoSendRequestSchema,
    response: undoSendResponseSchema,
  }),
};
