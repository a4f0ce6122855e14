import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { userInfoSchema } from './customers.ts';
import { loanInfoSchema } from './loans.ts';
import { messageSchema } from './messages.ts';
import { bigDatabaseIdSchema, int32Schema, nullableTimestampSchema, ticketIdRequestSchema } from './primitives.ts';
import { listOption, listPageSchema, listSearchSchema, listSort } from './rules/list-view.ts';
import { slaTargetKinds } from './rules/sla.ts';
import { listExportCall } from './list-export-call.ts';

// Wire format of the ticket workspace (spec 000 sections 3 and 7). Field names are the spec's;
// money is in dollars, timestamps ISO 8601 UTC, dates YYYY-MM-DD. Decision 010 explains the shapes.

export const ticketChannels = ['text', 'email'] as const;

export const suggestedResponseSchema = z.object({
  macro_id: z.number(),
  title: z.string(),
  text: z.string(),
  reason: z.string(),
});
export type SuggestedResponse = z.infer<typeof suggestedResponseSchema>;
export const suggestedActionSchema = z.object({
  action: z.string(),
  label: z.string(),
  loan_id: z.number().nullable(),
  reason: z.string(),
});
export type SuggestedAction = z.infer<typeof suggestedActionSchema>;

// Snooze (issue 40, decision 064): null if the ticket was never snoozed. While snoozed, returned_at is
// null; until is null when it waits for the customer's reply. Once back (the "Back from snooze"
// marker), returned_at and reason say when and why it returned.
export const snoozeReasons = ['time', 'customer_replied', 'unsnoozed'] as const;
export const ticketSnoozeSchema = z
  .object({
    until: nullableTimestampSchema,
    until_reply: z.boolean(),
    by: z.string().nullable(),
    returned_at: nullableTimestampSchema,
    reason: z.enum(snoozeReasons).nullable(),
  })
  .nullable();
export type TicketSnooze = z.infer<typeof ticketSnoozeSchema>;

// The reply-time clock (SLA, decision 066): null when none runs (the ticket waits on the customer, or
// is closed). due_at is null while it is paused (snoozed until the customer replies).
export const slaClockSchema = z
  .object({
    target: z.enum(slaTargetKinds),
    started_at: z.string(),
    due_at: nullableTimestampSchema,
    paused: z.boolean(),
    target_minutes: z.number().int(),
    used_seconds: z.number().int(),
  })
  .nullable();

export const ticketSummarySchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  name: z.string().nullable(),
  channel: z.enum(ticketChannels),
  contact: z.string(),
  subject: z.string().nullable(),
  preview: z.string(),
  created_at: z.string(),
  archived: nullableTimestampSchema,
  escalated: nullableTimestampSchema,
  last_escalated_by: z.string().nullable(),
  snooze: ticketSnoozeSchema,
  sla: slaClockSchema,
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketStatsSchema = z.object({
  // Tickets this employee closed today (business time zone), and open tickets waiting in the queue.
  employeeTicketCount: z.number(),
  totalTicketCount: z.number(),
  unpaidDueTomorrow: z.number(),
  unpaidDueDayAfterTomorrow: z.number(),
  createdOver24h: z.number(),
  createdUnder24h: z.number(),
});
export type TicketStats = z.infer<typeof ticketStatsSchema>;

export const ticketSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  channel: z.enum(ticketChannels),
  contact: z.string(),
  subject: z.string().nullable(),
  state: z.enum(['open', 'closed']),
  archived: nullableTimestampSchema,
  escalated: nullableTimestampSchema,
  snooze: ticketSnoozeSchema,
  sla: slaClockSchema,
  created_at: z.string(),
  // Who holds the ticket now (queue lease), so a preview can say it is being worked.
  assigned_to: z.string().nullable(),
  user: userInfoSchema.nullable(),
  details: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    // The customer's text and email messages (both directions, newest last, at most 100 each).
    inboundTexts: z.array(messageSchema),
    inboundEmails: z.array(messageSchema),
    all_emails: z.array(z.string()),
    guesses: z.object({ response: z.array(suggestedResponseSchema), action: z.array(suggestedActionSchema) }),
    last_escalated_by: z.string().nullable(),
  }),
  // The ticket's own thread, oldest first.
  messages: z.array(messageSchema),
  analysis: z.object({
    active_loan: z.array(z.number()),
    applied_loan: z.array(z.number()),
    recently_approved_loan: z.number().nullable(),
  }),
  loans: z.record(z.string(), loanInfoSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

// GET tickets {num}: leases up to num open tickets to the caller (who must be online) and answers the lists.
export const ticketsQuerySchema = z.object({ num: int32Schema({ min: 1, max: 50 }).default(10) });
export type TicketsQuery = z.input<typeof ticketsQuerySchema>;
export const ticketsResponseSchema = ticketStatsSchema.extend({
  openTickets: z.array(ticketSummarySchema),
  archivedTickets: z.array(ticketSummarySchema),
  // Only for employees with tickets.view_escalated; empty for everyone else.
  escalatedTickets: z.array(ticketSummarySchema),
  // Ids this employee closed today, newest first.
  closedTickets: z.array(z.number()),
});
export type TicketsResponse = z.infer<typeof ticketsResponseSchema>;

// The archived and escalated lists as pages of their own (issue 40; GET tickets carries the newest
// 100 of each for the workspace's drawers). Their view, kept in the screen's URL: text to look for
// in the contact or subject, the channel, the order and the page; their CSV exports read the same.
export const TICKET_LIST_PAGE_SIZE = 25;
export const TICKET_LISTS = ['archived', 'escalated'] as const;
export type TicketListKind = (typeof TICKET_LISTS)[number];
const ticketListFilters = {
  q: listSearchSchema,
  channel: listOption('The channel', ['all', ...ticketChannels], 'all'),
};
export const archivedTicketsFiltersSchema = z.object({
  ...ticketListFilters,
  sort: listSort(['archived_at', 'created_at', 'id'], '-archived_at'),
});
// Its CSV export (decision 060).
export const archivedTicketsExportCall = listExportCall('archived_tickets', archivedTicketsFiltersSchema);
export const escalatedTicketsFiltersSchema = z.object({
  ...ticketListFilters,
  sort: listSort(['escalated_at', 'created_at', 'id'], '-escalated_at'),
});
// Its CSV export (decision 060).
export const escalatedTicketsExportCall = listExportCall('escalated_tickets', escalatedTicketsFiltersSchema);
export type ArchivedTicketsFilters = z.output<typeof archivedTicketsFiltersSchema>;
export type EscalatedTicketsFilters = z.output<typeof escalatedTicketsFiltersSchema>;
export const archivedTicketsViewSchema = archivedTicketsFiltersSchema.extend({ page: listPageSchema });
export const escalatedTicketsViewSchema = escalatedTicketsFiltersSchema.extend({ page: listPageSchema });
export type ArchivedTicketsView = z.output<typeof archivedTicketsViewSchema>;
export type EscalatedTicketsView = z.output<typeof escalatedTicketsViewSchema>;
export const ticketListResponseSchema = z.object({
  tickets: z.array(ticketSummarySchema),
  pagination: z.object({ current_page: z.number(), total_pages: z.number(), total_count: z.number() }),
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

export const ticketQuerySchema = z.object({
  id: bigDatabaseIdSchema,
  preview: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((value) => value === true || value === 'true' || value === '1')
    .default(false),
});
export type TicketQuery = z.input<typeof ticketQuerySchema>;

// What close, archive, escalate and their undoing answer.
export const ticketStateResponseSchema = z.object({
  id: z.number(),
  state: z.enum(['open', 'closed']),
  archived: nullableTimestampSchema,
  escalated: nullableTimestampSchema,
});
export type TicketStateResponse = z.infer<typeof ticketStateResponseSchema>;

// Snooze: until an ISO time (after now, at most SNOOZE_MAX_DAYS ahead) or 'customer_replies'.
export const SNOOZE_MAX_DAYS = 30;
export const snoozeTicketRequestSchema = z.object({
  id: bigDatabaseIdSchema,
  until: z.union([z.literal('customer_replies'), z.iso.datetime({ offset: true })]),
});
export type SnoozeTicketRequest = z.infer<typeof snoozeTicketRequestSchema>;
export const snoozeTicketResponseSchema = ticketStateResponseSchema.extend({ snooze: ticketSnoozeSchema });
export type SnoozeTicketResponse = z.infer<typeof snoozeTicketResponseSchema>;

// 'Instructions sent.' (spec 000 section 8) when the email goes out now; when the contact gate holds
// it for the customer's quiet hours, a sentence saying so and until when (issue 39), and held_until.
export const sendPasswordResetResponseSchema = z.object({ message: z.string(), held_until: z.string().nullable() });
export type SendPasswordResetResponse = z.infer<typeof sendPasswordResetResponseSchema>;

export const ticketCalls = {
  // A page of the open tickets set aside as archived, and of the escalated ones (issue 40).
  archivedTickets: defineCall({
    method: 'GET',
    path: 'tickets/archived',
    access: 'signedIn',
    query: archivedTicketsViewSchema,
    response: ticketListResponseSchema,
  }),
  escalatedTickets: defineCall({
    method: 'GET',
    path: 'tickets/escalated',
    access: needs('tickets.view_escalated'),
    query: escalatedTicketsViewSchema,
    response: ticketListResponseSchema,
  }),
  // The server writes this body with its own writer (tickets-response-writer.ts), from this contract.
  getTickets: defineCall({
    method: 'GET',
    path: 'tickets',
    access: 'signedIn',
    query: ticketsQuerySchema,
    response: ticketsResponseSchema,
  }),
  // Without preview the ticket is leased to the caller (409 if another employee holds it); a preview only reads.
  getTicket: defineCall({
    method: 'GET',
    path: 'ticket',
    access: 'signedIn',
    query: ticketQuerySchema,
    response: ticketSchema,
  }),
  // Closes the ticket. The spec's client sends id in the query; the server also takes it from the body.
  closeTicket: defineCall({
    method: 'DELETE',
    path: 'ticket',
    access: 'signedIn',
    query: ticketIdRequestSchema,
    response: ticketStateResponseSchema,
  }),
  archiveTicket: defineCall({
    method: 'PATCH',
    path: 'archive_ticket',
    access: 'signedIn',
    body: ticketIdRequestSchema,
    response: ticketStateResponseSchema,
  }),
  unarchiveTicket: defineCall({
    method: 'PATCH',
    path: 'unarchive_ticket',
    access: 'signedIn',
    body: ticketIdRequestSchema,
    response: ticketStateResponseSchema,
  }),
  escalateTicket: defineCall({
    method: 'PATCH',
    path: 'escalate_ticket',
    access: 'signedIn',
    body: ticketIdRequestSchema,
    response: ticketStateResponseSchema,
  }),
  deescalateTicket: defineCall({
    method: 'PATCH',
    path: 'deescalate_ticket',
    access: needs('tickets.view_escalated'),
    body: ticketIdRequestSchema,
    response: ticketStateResponseSchema,
  }),
  // Sets the ticket aside until a time or the customer's reply; it leaves the queue and its lease is released.
  snoozeTicket: defineCall({
    method: 'PATCH',
    path: 'snooze_ticket',
    access: 'signedIn',
    body: snoozeTicketRequestSchema,
    response: snoozeTicketResponseSchema,
  }),
  unsnoozeTicket: defineCall({
    method: 'PATCH',
    path: 'unsnooze_ticket',
    access: 'signedIn',
    body: ticketIdRequestSchema,
    response: snoozeTicketResponseSchema,
  }),
  // Mails the ticket's customer the reset instructions.
  sendPasswordReset: defineCall({
    method: 'POST',
    path: 'send_password_reset',
    access: 'signedIn',
    body: ticketIdRequestSchema,
    response: sendPasswordResetResponseSchema,
  }),
};
