import { z } from 'zod';
import { dollarAmount } from './money.ts';
import { editableUserFields } from './rules/user-fields.ts';

// Wire format of the ticket workspace (spec 000 sections 3 and 7). Field names are the spec's;
// money is in dollars, timestamps ISO 8601 UTC, dates YYYY-MM-DD. Decision 010 explains the shapes.

const id = z.coerce.number({ error: 'An id must be a number.' }).int('An id must be a whole number.').positive('An id must be positive.');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');
const timestamp = z.string().nullable();

export const ticketChannels = ['text', 'email'] as const;
export const messageTypes = ['text', 'email', 'notification'] as const;
export const messageStatuses = ['received', 'queued', 'sent', 'undelivered'] as const;
export const paymentStates = ['due', 'paid', 'processing', 'invalid'] as const;

export const message = z.object({
  id: z.number(),
  ticket_id: z.number().nullable(),
  type: z.enum(messageTypes),
  inbound: z.boolean(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  processed: z.boolean(),
  // queued = in the outbox (no provider configured, or not yet sent); undelivered carries the error.
  status: z.enum(messageStatuses),
  error: z.string().nullable(),
  employee_name: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

export const payment = z.object({
  id: z.number(),
  expected_amt: z.number(),
  due: z.string(),
  original_due: z.string(),
  paid: timestamp,
  processing: timestamp,
  invalid: timestamp,
  state: z.enum(paymentStates),
  method: z.enum(['ach', 'debit']),
  type: z.string(),
  bounce_fee: z.number(),
  bounces: z.array(z.object({ code: z.string(), date: z.string(), amount: z.number(), fee: z.number(), fee_waived: z.boolean() })),
  user_initiated: z.boolean(),
  refundable: z.boolean(),
});
export type Payment = z.infer<typeof payment>;

export const loanInfo = z.object({
  id: z.number(),
  type: z.enum(['standard', 'CreditBuilder', 'CommunityLoan']),
  applied: z.string(),
  approved: timestamp,
  accepted: timestamp,
  funded: timestamp,
  funding_returned: timestamp,
  closed_at: timestamp,
  denied: timestamp,
  deny_reason: z.string().nullable(),
  paid_off: timestamp,
  maturity: z.string().nullable(),
  applied_amt: z.number(),
  cash_advanced: z.number().nullable(),
  installment_num: z.number(),
  apr: z.number(),
  approval_code: z.string().nullable(),
  ach: z.boolean(),
  payoff_balance: z.number(),
  amount_credited_to_loan: z.number(),
  eligible_payment_methods: z.array(z.enum(['ach', 'debit'])),
  // From loanDisplayLabel (rules/loan-display.ts), so every screen says the same.
  display_status: z.string(),
  payments: z.array(payment),
});
export type LoanInfo = z.infer<typeof loanInfo>;

export const userInfo = z.object({
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
  bank_account: z.object({ account_last4: z.string(), routing: z.string(), added: z.string(), dnp: z.boolean() }).nullable(),
  debit_card: z.object({ last_four: z.string(), added: z.string(), dnp: z.boolean() }).nullable(),
  comments: z.array(z.object({ id: z.number(), body: z.string(), created_at: z.string(), employee_name: z.string().nullable() })),
});
export type UserInfo = z.infer<typeof userInfo>;

export const suggestedResponse = z.object({ macro_id: z.number(), title: z.string(), text: z.string(), reason: z.string() });
export const suggestedAction = z.object({ action: z.string(), label: z.string(), loan_id: z.number().nullable(), reason: z.string() });

export const ticketSummary = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  name: z.string().nullable(),
  channel: z.enum(ticketChannels),
  contact: z.string(),
  subject: z.string().nullable(),
  preview: z.string(),
  created_at: z.string(),
  archived: timestamp,
  escalated: timestamp,
  last_escalated_by: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketStats = z.object({
  // Tickets this employee closed today (business time zone), and open tickets waiting in the queue.
  employeeTicketCount: z.number(),
  totalTicketCount: z.number(),
  unpaidDueTomorrow: z.number(),
  unpaidDueDayAfterTomorrow: z.number(),
  createdOver24h: z.number(),
  createdUnder24h: z.number(),
});
export type TicketStats = z.infer<typeof ticketStats>;

export const ticket = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  channel: z.enum(ticketChannels),
  contact: z.string(),
  subject: z.string().nullable(),
  state: z.enum(['open', 'closed']),
  archived: timestamp,
  escalated: timestamp,
  created_at: z.string(),
  // Who holds the ticket now (queue lease), so a preview can say it is being worked.
  assigned_to: z.string().nullable(),
  user: userInfo.nullable(),
  details: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    // The customer's text and email messages (both directions, newest last, at most 100 each).
    inboundTexts: z.array(message),
    inboundEmails: z.array(message),
    all_emails: z.array(z.string()),
    guesses: z.object({ response: z.array(suggestedResponse), action: z.array(suggestedAction) }),
    last_escalated_by: z.string().nullable(),
  }),
  // The ticket's own thread, oldest first.
  messages: z.array(message),
  analysis: z.object({
    active_loan: z.array(z.number()),
    applied_loan: z.array(z.number()),
    recently_approved_loan: z.number().nullable(),
  }),
  loans: z.record(z.string(), loanInfo),
});
export type Ticket = z.infer<typeof ticket>;

// GET tickets {num}: leases up to num open tickets to the caller (who must be online) and answers the lists.
export const ticketsQuery = z.object({ num: z.coerce.number().int().min(1).max(50).default(10) });
export const ticketsResponse = ticketStats.extend({
  openTickets: z.array(ticketSummary),
  archivedTickets: z.array(ticketSummary),
  // Only for employees with tickets.view_escalated; empty for everyone else.
  escalatedTickets: z.array(ticketSummary),
  // Ids this employee closed today, newest first.
  closedTickets: z.array(z.number()),
});
export type TicketsResponse = z.infer<typeof ticketsResponse>;

export const ticketIdQuery = z.object({ id });
export const ticketQuery = z.object({
  id,
  preview: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .default(false),
});
export const ticketIdBody = z.object({ id });
export const ticketStateResponse = z.object({ id: z.number(), state: z.enum(['open', 'closed']), archived: timestamp, escalated: timestamp });

const reply = z.string({ error: 'Write a reply before sending.' }).trim().min(1, 'Write a reply before sending.').max(5000, 'A reply must be at most 5,000 characters.');
export const sendReplyRequest = z.object({
  id,
  reply,
  macro_id: id.nullable().optional(),
  // The suggestion the agent started from, if any (kept with the message for the suggester's statistics).
  filter_id: z.string().max(100).nullable().optional(),
});
export const sendReplyResponse = z.object({ ticket_id: z.number(), message });

export const sendPasswordResetResponse = z.object({ message: z.literal('Instructions sent.') });

export const userInfoPatch = z.object({
  id,
  parameter: z.enum(editableUserFields, { error: `parameter must be one of ${editableUserFields.join(', ')}.` }),
  text: z.string().max(254, 'The value must be at most 254 characters.'),
});
export const loanInfoResponse = z.object({ loans: z.record(z.string(), loanInfo) });

export const earlyRepayRequest = z.object({ loan_id: id, date: isoDate });
export const earlyRepayCancel = z.object({ pmt_id: id });
export const earlyRepayBalanceQuery = z.object({ loan_id: id, date: isoDate });
export const earlyRepayBalanceResponse = z.object({ loan_id: z.number(), date: z.string(), balance: z.number() });
export const paymentDateRequest = z.object({ pmt_id: id, date: isoDate });
export const paymentIdBody = z.object({ pmt_id: id });
export const loanIdBody = z.object({ loan_id: id });
export const smallerPaymentRequest = z.object({ pmt_id: id, amt: dollarAmount });
// Every account action answers what changed in words, and the web app refetches the loans.
export const actionResponse = z.object({ message: z.string() });

export const macro = z.object({ id: z.number(), title: z.string(), body: z.string(), tags: z.array(z.string()) });
export type Macro = z.infer<typeof macro>;
export const macroTree = z.array(z.object({ tag: z.string(), macros: z.array(macro) }));
export const fetchMacrosResponse = z.object({ macros: z.array(macro), tree: macroTree });
export const MACRO_TITLE_PATTERN = /^[a-z0-9_]+$/;
export const updateMacroRequest = z.object({
  title: z
    .string({ error: 'A macro needs a title.' })
    .trim()
    .min(1, 'A macro needs a title.')
    .max(64, 'A macro title must be at most 64 characters.')
    .regex(MACRO_TITLE_PATTERN, 'A macro title uses lowercase letters, digits and underscores only (it is typed as #title).'),
  body: z.string({ error: 'A macro needs text.' }).trim().min(1, 'A macro needs text.').max(2000, 'A macro text must be at most 2,000 characters.'),
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'A tag must be at most 40 characters.'))
    .max(10, 'A macro has at most 10 tags.')
    .default([]),
});
export const updateMacroResponse = z.object({ macro });

// users/* calls as the ticket view uses them.
export const linkTicketRequest = z
  .object({ ticket_id: id, user_id: id.optional().nullable(), email: z.string().trim().max(254).optional().nullable() })
  .refine((value) => value.user_id || value.email, 'Give the customer ID or email to link the ticket to.');
export const linkTicketResponse = z.object({ ticket_id: z.number(), user_id: z.number() });
export const rawMessageQuery = z.object({ message_id: id });
export const rawMessageResponse = z.object({ message_id: z.number(), raw: z.string() });
export const messageActions = ['resend_approval_text', 'toggle_ach', 'reopen_approval', 'send_payoff_balance'] as const;
export const takeMessageActionRequest = z.object({
  message_action: z.enum(messageActions, { error: `message_action must be one of ${messageActions.join(', ')}.` }),
  loan_id: id,
});
export const resendApprovalTextRequest = z.object({ loan_id: id });
export const resendApprovalTextResponse = z.object({ message: z.literal('Text Sent') });
export const fetchDocumentsQuery = z.object({ user_id: id, loan_id: id.optional() });
export const documentItem = z.object({ id: z.string(), name: z.string(), kind: z.string(), loan_id: z.number().nullable(), date: z.string(), url: z.string() });
export const fetchDocumentsResponse = z.object({ documents: z.array(documentItem) });
