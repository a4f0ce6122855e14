import { z } from 'zod';
import { defineCall } from './call.ts';
import { actionResponseSchema, bigDatabaseIdSchema, ticketIdRequestSchema } from './primitives.ts';
import { editableUserFields } from './rules/user-fields.ts';

// The customer behind a ticket: personal information and its edits, and the users/* calls of the
// ticket view (spec 000 section 7, Users).

export const userInfoSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  middle_initial: z.string().nullable(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  birthday: z.string().nullable(),
  verified: z.number(),
  dnc: z.boolean(),
  dnl: z.boolean(),
  dnp: z.boolean(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  cycle: z.number(),
  user_credit: z.number(),
  // Never the full numbers on this screen.
  bank_account: z
    .object({ account_last4: z.string(), routing: z.string(), added: z.string(), dnp: z.boolean() })
    .nullable(),
  debit_card: z.object({ last_four: z.string(), added: z.string(), dnp: z.boolean() }).nullable(),
  comments: z.array(
    z.object({ id: z.number(), body: z.string(), created_at: z.string(), employee_name: z.string().nullable() }),
  ),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

// PATCH user_info: id is the ticket's; the server edits the customer linked to it.
export const updateUserInfoRequestSchema = z.object({
  id: bigDatabaseIdSchema,
  parameter: z.enum(editableUserFields, { error: `parameter must be one of ${editableUserFields.join(', ')}.` }),
  text: z.string().max(254, 'The value must be at most 254 characters.'),
});
export type UpdateUserInfoRequest = z.input<typeof updateUserInfoRequestSchema>;

export const linkTicketRequestSchema = z
  .object({
    ticket_id: bigDatabaseIdSchema,
    user_id: bigDatabaseIdSchema.optional().nullable(),
    email: z.string().trim().max(254).optional().nullable(),
  })
  .refine((value) => value.user_id || value.email, 'Give the customer ID or email to link the ticket to.');
export type LinkTicketRequest = z.input<typeof linkTicketRequestSchema>;
export const linkTicketResponseSchema = z.object({ ticket_id: z.number(), user_id: z.number() });
export type LinkTicketResponse = z.infer<typeof linkTicketResponseSchema>;

export const rawMessageQuerySchema = z.object({ message_id: bigDatabaseIdSchema });
export type RawMessageQuery = z.input<typeof rawMessageQuerySchema>;
export const rawMessageResponseSchema = z.object({ message_id: z.number(), raw: z.string() });
export type RawMessageResponse = z.infer<typeof rawMessageResponseSchema>;

export const messageActions = ['resend_approval_text', 'toggle_ach', 'reopen_approval', 'send_payoff_balance'] as const;
export type MessageAction = (typeof messageActions)[number];
export const takeMessageActionRequestSchema = z.object({
  message_action: z.enum(messageActions, { error: `message_action must be one of ${messageActions.join(', ')}.` }),
  loan_id: bigDatabaseIdSchema,
});
export type TakeMessageActionRequest = z.input<typeof takeMessageActionRequestSchema>;

export const resendApprovalTextRequestSchema = z.object({ loan_id: bigDatabaseIdSchema });
export type ResendApprovalTextRequest = z.input<typeof resendApprovalTextRequestSchema>;
export const resendApprovalTextResponseSchema = z.object({ message: z.literal('Text Sent') });
export type ResendApprovalTextResponse = z.infer<typeof resendApprovalTextResponseSchema>;

export const customerCalls = {
  // The customer linked to ticket id.
  getUserInfo: defineCall({ method: 'GET', path: 'user_info', query: ticketIdRequestSchema, response: userInfoSchema }),
  updateUserInfo: defineCall({
    method: 'PATCH',
    path: 'user_info',
    body: updateUserInfoRequestSchema,
    response: actionResponseSchema,
  }),
  // Matches an unmatched ticket to a customer, by customer id or email.
  linkTicket: defineCall({
    method: 'POST',
    path: 'users/link_ticket',
    body: linkTicketRequestSchema,
    response: linkTicketResponseSchema,
  }),
  // A message as it arrived (MIME source, SMS payload).
  getRawMessage: defineCall({
    method: 'GET',
    path: 'users/get_raw_message',
    query: rawMessageQuerySchema,
    response: rawMessageResponseSchema,
  }),
  resendApprovalText: defineCall({
    method: 'POST',
    path: 'users/resend_approval_text',
    body: resendApprovalTextRequestSchema,
    response: resendApprovalTextResponseSchema,
  }),
  // Does what a suggested action proposes.
  takeMessageAction: defineCall({
    method: 'POST',
    path: 'users/take_message_action',
    body: takeMessageActionRequestSchema,
    response: actionResponseSchema,
  }),
};
