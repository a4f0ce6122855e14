import { messagePurposeSchema } from './contact-rules.ts';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { MIN_CUSTOM_PAYMENT_DOLLARS } from './constants.ts';
import { verbatimMessage } from './errors.ts';
import { loanInfoSchema } from './loans.ts';
import {
  actionResponseSchema,
  bigDatabaseIdSchema,
  requiredText,
  singleLine,
  strictNumber,
  ticketIdRequestSchema,
} from './primitives.ts';
import { postalAddressFields } from './postal-address.ts';
import {
  CONTACT_FLAG_CONTEXT_MAX,
  CONTACT_FLAG_LABELS,
  contactFlags,
  type ContactFlag,
} from './rules/contact-flags.ts';
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
  // The contact flags of issue 30: a cease-communication request, an attorney who represents them.
  cease: z.boolean(),
  attorney: z.boolean(),
  dnp: z.boolean(),
  ...postalAddressFields,
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

export const customerCalls = {
  // The customer linked to ticket id.
  getUserInfo: defineCall({
    method: 'GET',
    path: 'user_info',
    access: 'signedIn',
    query: ticketIdRequestSchema,
    response: userInfoSchema,
  }),
  updateUserInfo: defineCall({
    method: 'PATCH',
    path: 'user_info',
    access: 'signedIn',
    body: updateUserInfoRequestSchema,
    response: actionResponseSchema,
  }),
  // Matches an unmatched ticket to a customer, by customer id or email.
  linkTicket: defineCall({
    method: 'POST',
    path: 'users/link_ticket',
    access: 'signedIn',
    body: linkTicketRequestSchema,
    response: linkTicketResponseSchema,
  }),
  // A message as it arrived (MIME source, SMS payload).
  getRawMessage: defineCall({
    method: 'GET',
    path: 'users/get_raw_message',
    access: 'signedIn',
    query: rawMessageQuerySchema,
    response: rawMessageResponseSchema,
  }),
  // Does what a suggested action proposes.
  takeMessageAction: defineCall({
    method: 'POST',
    path: 'users/take_message_action',
    access: 'signedIn',
    body: takeMessageActionRequestSchema,
    response: actionResponseSchema,
  }),
};

// ---------------------------------------------------------------------------------------------
// The user page (/user): search, the customer card and the calls that act on the customer.

export const userSearchParameters = ['ID', 'email', 'phone', 'name', 'loan_id', 'payment_id'] as const;
export const userSearchQuerySchema = z.object({
  parameter: z.enum(userSearchParameters, { error: `parameter must be one of ${userSearchParameters.join(', ')}.` }),
  search: requiredText('Please enter something to search for.', 254, 'The search must be at most 254 characters.'),
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;

// A name search's candidates: enough to tell two Jane Does apart, never the whole SSN.
export const userSuggestionSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  // '***-**-1234', or null when no SSN is on file.
  ssn: z.string().nullable(),
  birthday: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type UserSuggestion = z.infer<typeof userSuggestionSchema>;

const flagDetailSchema = z
  .object({
    reason: z.string().nullable(),
    context: z.string().nullable(),
    employee_name: z.string().nullable(),
    at: z.string().nullable(),
  })
  .nullable();

const customerLinkSchema = z.object({ id: z.number(), name: z.string() });

// The user card (spec 000 section 2 'User page'): the personal information of the ticket view and
// everything else the card shows.
export const userProfileSchema = userInfoSchema.extend({
  verified_time: z.string().nullable(),
  dnc_detail: flagDetailSchema,
  dnl_detail: flagDetailSchema,
  cease_detail: flagDetailSchema,
  attorney_detail: flagDetailSchema,
  plaid_needs_update_mode: z.boolean(),
  plaid_count: z.number(),
  ibv_count: z.number(),
  utm_source: z.string().nullable(),
  utm_content: z.string().nullable(),
  referral_code: z.string().nullable(),
  // Shown as 'Referred By' when utm_source is refer.
  referred_by: customerLinkSchema.nullable(),
  referrals: z.array(customerLinkSchema),
  // Bounced payments over all loans, and how many days the oldest unpaid due payment is late.
  bounces: z.number(),
  days_delayed: z.number(),
  // '***-**-1234', or null when no SSN is on file.
  ssn: z.string().nullable(),
  emails: z.array(z.object({ email: z.string(), added_at: z.string(), primary: z.boolean() })),
  recent_messages: z.array(
    z.object({
      id: z.number(),
      type: z.enum(['text', 'email', 'notification']),
      inbound: z.boolean(),
      created_at: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      status: z.string(),
      // Held by the contact gate until then (decision 046).
      held_until: z.string().nullable(),
    }),
  ),
  // Links to the customer's survey answers (surveys arrive with the survey editor).
  survey_links: z.array(z.object({ label: z.string(), url: z.string() })),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userSearchResponseSchema = z.discriminatedUnion('kind', [
  // The customer and their loans, newest first.
  z.object({ kind: z.literal('user'), user: userProfileSchema, loans: z.array(loanInfoSchema) }),
  // A name matched several customers: most likely first, at most USER_SUGGESTION_LIMIT.
  z.object({ kind: z.literal('suggestions'), suggestions: z.array(userSuggestionSchema) }),
]);
export type UserSearchResponse = z.infer<typeof userSearchResponseSchema>;
export const USER_SUGGESTION_LIMIT = 20;

// `force` saves an email or phone that another customer already has (audited as forced).
const forceSchema = z.boolean({ error: 'force must be true or false.' }).optional().default(false);
const userIdSchema = bigDatabaseIdSchema;

export const editUserInfoRequestSchema = z.object({
  id: userIdSchema,
  parameter: z.enum(editableUserFields, { error: `parameter must be one of ${editableUserFields.join(', ')}.` }),
  text: z.string({ error: 'Please enter a value.' }).max(254, 'The value must be at most 254 characters.'),
  force: forceSchema,
});
export type EditUserInfoRequest = z.input<typeof editUserInfoRequestSchema>;

// Another address for the customer (the old ones are kept); primary makes it the one we write to.
export const addableUserFields = ['email'] as const;
export const addUserInfoRequestSchema = z.object({
  user_id: userIdSchema,
  parameter: z.enum(addableUserFields, { error: 'Only an email can be added; edit the phone number instead.' }),
  text: z.string({ error: 'Please enter a value.' }).max(254, 'The value must be at most 254 characters.'),
  force: forceSchema,
  primary: z.boolean({ error: 'primary must be true or false.' }).optional().default(false),
});
export type AddUserInfoRequest = z.input<typeof addUserInfoRequestSchema>;

export const userIdQuerySchema = z.object({ user_id: userIdSchema });
export type UserIdQuery = z.input<typeof userIdQuerySchema>;
export const emailInfoResponseSchema = z.object({
  emails: z.array(z.object({ email: z.string(), added_at: z.string(), primary: z.boolean() })),
});
export type EmailInfoResponse = z.infer<typeof emailInfoResponseSchema>;

// Issue 37 (decision 046, "who may lift a flag"): switching off DNC, cease or attorney lifts a
// legal duty, so it needs customers.lift_duties and a reason in a sentence (kept in the audit and the
// note). DNL is about lending, not contact: anyone may clear it, as before.
export const dutyContactFlags = ['dnc', 'cease', 'attorney'] as const satisfies readonly ContactFlag[];
export const CONTACT_FLAG_LIFT_REASON_MIN = 10;
export const CONTACT_FLAG_REASON_MAX = 500;

export function liftsContactDuty(change: { flag: ContactFlag; on: boolean }): boolean {
  return !change.on && (dutyContactFlags as readonly ContactFlag[]).includes(change.flag);
}

// The problem with the reason for lifting a duty flag, in the words staff see, or null.
export function contactFlagLiftProblem(change: { flag: ContactFlag; reason?: string | null }): string | null {
  if ((change.reason?.trim().length ?? 0) >= CONTACT_FLAG_LIFT_REASON_MIN) return null;
  return `Clearing the ${CONTACT_FLAG_LABELS[change.flag]} flag needs a reason of at least ${CONTACT_FLAG_LIFT_REASON_MIN} characters: say why the duty ends (for example, "Customer withdrew the request in writing, letter of May 3").`;
}

export const contactFlagRequestSchema = z.object({
  user_id: userIdSchema,
  flag: z.enum(contactFlags, { error: `flag must be one of ${contactFlags.join(', ')}.` }),
  on: z.boolean({ error: 'on must be true or false.' }),
  reason: z
    .string()
    .max(CONTACT_FLAG_REASON_MAX, `The reason must be at most ${CONTACT_FLAG_REASON_MAX} characters.`)
    .optional()
    .nullable(),
  context: z
    .string()
    .max(CONTACT_FLAG_CONTEXT_MAX, `The context must be at most ${CONTACT_FLAG_CONTEXT_MAX} characters.`)
    .optional()
    .nullable(),
});
export type ContactFlagRequest = z.input<typeof contactFlagRequestSchema>;

export const COMMENT_MAX_LENGTH = 2000;
export const addCommentRequestSchema = z.object({
  user_id: userIdSchema,
  body: requiredText(
    'Please enter a comment.',
    COMMENT_MAX_LENGTH,
    `A comment must be at most ${COMMENT_MAX_LENGTH} characters.`,
  ),
});
export type AddCommentRequest = z.input<typeof addCommentRequestSchema>;

export const messageThreads = ['new', 'existing'] as const;
export const originateMessageRequestSchema = z
  .object({
    user_id: userIdSchema,
    message_type: z.enum(['email', 'text'], { error: 'message_type must be email or text.' }),
    subject: singleLine(z.string().trim().max(200, 'The subject must be at most 200 characters.'), 'The subject')
      .optional()
      .nullable(),
    message: requiredText('Please enter a message.', 10_000, 'The message must be at most 10000 characters.'),
    // A new ticket thread, or the customer's open ticket of that channel.
    thread: z.enum(messageThreads, { error: 'thread must be new or existing.' }),
    // The agent's word that it is collection (decision 046, issue 37): a servicing label opens no door;
    // free text is collection unless it is the one answer to the customer's message.
    purpose: messagePurposeSchema.optional(),
  })
  .refine((value) => value.message_type !== 'email' || (value.subject ?? '').length > 0, {
    message: 'Please enter a subject for the email.',
    path: ['subject'],
  });
export type OriginateMessageRequest = z.input<typeof originateMessageRequestSchema>;
export const originateMessageResponseSchema = z.object({
  message: z.string(),
  ticket_id: z.number(),
  message_id: z.number(),
});
export type OriginateMessageResponse = z.infer<typeof originateMessageResponseSchema>;

export const hotlinkResponseSchema = z.object({ url: z.string(), expires_at: z.string() });
export type HotlinkResponse = z.infer<typeof hotlinkResponseSchema>;

export const allowNewPlaidRequestSchema = z.object({ user_id: userIdSchema });
export type AllowNewPlaidRequest = z.input<typeof allowNewPlaidRequestSchema>;

const LARGER_AMOUNT_MESSAGE = verbatimMessage(`Please enter an amount larger than $${MIN_CUSTOM_PAYMENT_DOLLARS}`);
export const createLargerPaymentRequestSchema = z.object({
  loan_id: bigDatabaseIdSchema,
  payment_id: strictNumber(
    /^\d{1,16}$/,
    z
      .number({ error: 'Please select a value for payment id.' })
      .int('Please select a value for payment id.')
      .positive('Please select a value for payment id.')
      .max(Number.MAX_SAFE_INTEGER, 'Please select a value for payment id.'),
  ),
  amount: strictNumber(
    /^\d{1,15}(\.\d{1,15})?$/,
    z
      .number({ error: LARGER_AMOUNT_MESSAGE })
      .min(MIN_CUSTOM_PAYMENT_DOLLARS, LARGER_AMOUNT_MESSAGE)
      .max(1_000_000, 'The amount must be at most $1,000,000.'),
  ).refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'Amounts have at most two decimals (cents).',
  ),
});
export type CreateLargerPaymentRequest = z.input<typeof createLargerPaymentRequestSchema>;

export const userPageCalls = {
  // By ID, email, phone, name (suggestions), loan id or payment id.
  searchUsers: defineCall({
    method: 'GET',
    path: 'users/search',
    access: 'signedIn',
    query: userSearchQuerySchema,
    response: userSearchResponseSchema,
  }),
  editUserInfo: defineCall({
    method: 'PATCH',
    path: 'users/edit_info',
    access: 'signedIn',
    body: editUserInfoRequestSchema,
    response: actionResponseSchema,
  }),
  addUserInfo: defineCall({
    method: 'POST',
    path: 'users/add_info',
    access: 'signedIn',
    body: addUserInfoRequestSchema,
    response: actionResponseSchema,
  }),
  // Every address the customer has had, oldest first, with the primary one marked.
  getEmailInfo: defineCall({
    method: 'GET',
    path: 'users/email_info',
    access: 'signedIn',
    query: userIdQuerySchema,
    response: emailInfoResponseSchema,
  }),
  // A contact flag on (with one of its reasons) or off; adds a note to the comments. Clearing DNC,
  // cease or attorney needs customers.lift_duties, checked by the service (setting stays open).
  setContactFlag: defineCall({
    method: 'PATCH',
    path: 'users/contact_flag',
    access: 'signedIn',
    body: contactFlagRequestSchema,
    response: actionResponseSchema,
  }),
  addComment: defineCall({
    method: 'POST',
    path: 'users/comments',
    access: 'signedIn',
    body: addCommentRequestSchema,
    response: actionResponseSchema,
  }),
  originateMessage: defineCall({
    method: 'POST',
    path: 'users/originate_message',
    access: 'signedIn',
    body: originateMessageRequestSchema,
    response: originateMessageResponseSchema,
  }),
  // A signed link that signs the customer into the customer app, for 24 hours.
  getHotlink: defineCall({
    method: 'GET',
    path: 'users/hotlink',
    access: 'signedIn',
    query: userIdQuerySchema,
    response: hotlinkResponseSchema,
  }),
  allowNewPlaid: defineCall({
    method: 'PATCH',
    path: 'users/allow_new_plaid',
    access: 'signedIn',
    body: allowNewPlaidRequestSchema,
    response: actionResponseSchema,
  }),
  // Raises one upcoming payment to amount; the last payments shrink by as much.
  createLargerPayment: defineCall({
    method: 'POST',
    path: 'users/create_larger_payment',
    access: 'signedIn',
    body: createLargerPaymentRequestSchema,
    response: actionResponseSchema,
  }),
};
