import { z } from 'zod';
import { autoResponseAnalyticsResponseSchema } from './auto-responses.ts';
import { defineCall } from './call.ts';
import { daysBetween } from './rules/dates.ts';
import { isCalendarDate } from './rules/payment-calendar.ts';

// Customer-service analytics (spec 001 sections 2, 5, 7, 9): figures over a range of business dates.

// Texts versus emails over time: hours for a day, days up to three months, weeks up to a year,
// months beyond (issue 16).
export const ANALYTICS_TIME_PERIODS = ['hour', 'day', 'week', 'month'] as const;
export type AnalyticsTimePeriod = (typeof ANALYTICS_TIME_PERIODS)[number];
export const ANALYTICS_DAYS_BY_DAY = 92;
export const ANALYTICS_DAYS_BY_WEEK = 366;
// The longest range asked at once (five years of figures).
export const ANALYTICS_MAX_DAYS = 5 * 366;

export const ANALYTICS_MESSAGES = {
  badDate: 'Dates are written YYYY-MM-DD, like 2026-11-23.',
  endAfterToday: 'The end date cannot be after today.',
  startAfterEnd: 'The start date must be on or before the end date.',
  tooLong: `A range is at most ${ANALYTICS_MAX_DAYS.toLocaleString('en-US')} days; choose a shorter one.`,
  noResults: 'this inquiry returned no results',
} as const;

// Days from start to end, both counted.
export function daysInRange(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

// What is wrong with a range (section 5: it cannot go after today), in the order the picker shows.
export function analyticsRangeProblems(start: string, end: string, today: string): string[] {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return [ANALYTICS_MESSAGES.badDate];
  const problems: string[] = [];
  if (end > today) problems.push(ANALYTICS_MESSAGES.endAfterToday);
  if (start > end) problems.push(ANALYTICS_MESSAGES.startAfterEnd);
  else if (daysInRange(start, end) > ANALYTICS_MAX_DAYS) problems.push(ANALYTICS_MESSAGES.tooLong);
  return problems;
}

export function analyticsTimePeriod(start: string, end: string): AnalyticsTimePeriod {
  const days = daysInRange(start, end);
  if (days <= 1) return 'hour';
  if (days <= ANALYTICS_DAYS_BY_DAY) return 'day';
  if (days <= ANALYTICS_DAYS_BY_WEEK) return 'week';
  return 'month';
}

const dateField = (name: string) =>
  z
    .string({ error: `The ${name} is required (YYYY-MM-DD).` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.badDate);

export const analyticsRangeQuerySchema = z.object({
  start_date: dateField('start date'),
  end_date: dateField('end date'),
});
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuerySchema>;

// One figure over the range.
export const analyticsCountResponseSchema = z.object({ count: z.number().int() });
export type AnalyticsCountResponse = z.infer<typeof analyticsCountResponseSchema>;

// A first response time over the range: the mean in seconds over the conversations that started in it
// and have had a reply from an employee (responded), null when none has.
export const analyticsAverageResponseSchema = z.object({
  average_seconds: z.number().nullable(),
  responded: z.number().int(),
});
export type AnalyticsAverageResponse = z.infer<typeof analyticsAverageResponseSchema>;

// employee_ticket_analytics {employees}: ids separated by commas (or a list); none: everyone who
// replied to or closed a ticket in the range.
export const employeeTicketQuerySchema = analyticsRangeQuerySchema.extend({
  employees: z
    .union([z.string(), z.array(z.string())], { error: 'employees is a list of employee ids.' })
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : (value ?? '').split(',')).map((id) => id.trim()).filter((id) => id !== ''),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,9}$/, 'Each employee is an id, a whole number.')
            .transform(Number),
        )
        .max(200, 'Ask for at most 200 employees at once.'),
    ),
});
export const employeeTicketStatsSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  // Tickets replied to or closed in the range.
  tickets_worked: z.number().int(),
  tickets_closed: z.number().int(),
  replies: z.number().int(),
  // From a ticket's start to its close, over the tickets the employee closed in the range.
  median_handling_seconds: z.number().nullable(),
  average_handling_seconds: z.number().nullable(),
  // Reply-time targets (decision 066): the clocks the employee ended in the range (by a reply, or by
  // closing the ticket) and how many of them within the target.
  sla_met: z.number().int(),
  sla_total: z.number().int(),
});
export type EmployeeTicketStats = z.infer<typeof employeeTicketStatsSchema>;
export const employeeTicketResponseSchema = z.object({ data: z.array(employeeTicketStatsSchema) });
export type EmployeeTicketResponse = z.infer<typeof employeeTicketResponseSchema>;

export const employeeListResponseSchema = z.object({
  employees: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
});
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'text and email are true or false.' })
  .transform((value) => value === true || value === 'true' || value === '1');

export const textEmailQuerySchema = analyticsRangeQuerySchema.extend({
  text: flag.default(true),
  email: flag.default(true),
});
// Keyed by the start of each period in the business time zone ('2026-11-23T14:00' for hours,
// '2026-11-23' for days, weeks (their Monday) and months (their first day)); every period of the
// range is there, with 0 where nothing was sent or received.
export const textEmailResponseSchema = z.object({
  metadata: z.object({ time_period: z.enum(ANALYTICS_TIME_PERIODS) }),
  data: z.record(z.string(), z.object({ Texts: z.number().int().optional(), Emails: z.number().int().optional() })),
});
export type TextEmailResponse = z.infer<typeof textEmailResponseSchema>;

// update_payment_analytics: payment updates (PAYMENT_UPDATE_ACTIONS, decision 036) made in the
// range by customers in the customer app (user), by staff (cs), and both (total).
export const updatePaymentAnalyticsResponseSchema = z.object({
  user: z.number().int(),
  cs: z.number().int(),
  total: z.number().int(),
});
export type UpdatePaymentAnalyticsResponse = z.infer<typeof updatePaymentAnalyticsResponseSchema>;

export const analyticsCalls = {
  // The staff for the employee picker, active first, by name.
  employeeList: defineCall({
    method: 'GET',
    path: 'employee_list',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: employeeListResponseSchema,
  }),
  employeeTicketAnalytics: defineCall({
    method: 'GET',
    path: 'employee_ticket_analytics',
    access: 'signedIn',
    query: employeeTicketQuerySchema,
    response: employeeTicketResponseSchema,
  }),
  // Conversations (tickets) started in the range.
  totalNumberOfConversations: defineCall({
    method: 'GET',
    path: 'total_number_of_conversations',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: analyticsCountResponseSchema,
  }),
  // From a conversation's start to the first reply an employee sent, in all.
  averageFirstResponseTime: defineCall({
    method: 'GET',
    path: 'average_first_response_time',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: analyticsAverageResponseSchema,
  }),
  // The same, counting business hours only (BUSINESS_HOURS).
  adjustedAverageFirstResponseTime: defineCall({
    method: 'GET',
    path: 'adjusted_average_first_response_time',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: analyticsAverageResponseSchema,
  }),
  totalOutboundMessages: defineCall({
    method: 'GET',
    path: 'total_outbound_messages',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: analyticsCountResponseSchema,
  }),
  totalInboundMessages: defineCall({
    method: 'GET',
    path: 'total_inbound_messages',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: analyticsCountResponseSchema,
  }),
  textEmailAnalytics: defineCall({
    method: 'GET',
    path: 'text_email_analytics',
    access: 'signedIn',
    query: textEmailQuerySchema,
    response: textEmailResponseSchema,
  }),
  // After-hours auto-responses over the conversations started in the range (decision 035).
  autoResponseAnalytics: defineCall({
    method: 'GET',
    path: 'auto_response_analytics',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: autoResponseAnalyticsResponseSchema,
  }),
  updatePaymentAnalytics: defineCall({
    method: 'GET',
    path: 'update_payment_analytics',
    access: 'signedIn',
    query: analyticsRangeQuerySchema,
    response: updatePaymentAnalyticsResponseSchema,
  }),
};
