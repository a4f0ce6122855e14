import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { isoDateSchema } from './primitives.ts';
import { daysBetween } from './rules/dates.ts';

// The duty audit (issue 39, decision 059): every message delivered and every debit presented in a
// range of days, replayed against the duties as they stood at that moment, from recorded facts
// only. Monitoring beside the doors: it says how we know the rules held, and lists each breach.

// The longest range one report covers, in days, both ends included: a quarter (93 days is the
// longest three calendar months), what an examiner asks for at once; longer periods are several
// reports.
export const DUTY_AUDIT_MAX_DAYS = 93;
// The breaches one report lists (every breach is counted in breach_count): past this, the range is
// too wide to read on a screen, and a shorter range lists the rest.
export const DUTY_AUDIT_MAX_LISTED = 5000;

// The duty a record broke: a message's (the contact gate's rules) or a debit's.
export const DUTY_AUDIT_RULES = [
  'dnc',
  'cease',
  'attorney',
  'bankruptcy_stay',
  'collection_cap',
  'contact_hours',
  'debit_stop',
  'failed_debit_stop',
  'unauthorized_return',
  'debit_bankruptcy_stay',
] as const;
export type DutyAuditRule = (typeof DUTY_AUDIT_RULES)[number];

export const DUTY_AUDIT_RULE_LABELS: Record<DutyAuditRule, string> = {
  dnc: 'Do Not Contact',
  cease: 'Cease communication (FDCPA 805(c))',
  attorney: 'Attorney represents the customer (FDCPA 805(a)(2))',
  bankruptcy_stay: 'Bankruptcy stay: message (11 U.S.C. 362(a))',
  collection_cap: 'Weekly cap of collection texts',
  contact_hours: 'Contact hours, 8 am to 9 pm (FDCPA 805(a)(1), 12 CFR 1006.6(b)(1))',
  debit_stop: 'Debit stop in force',
  failed_debit_stop: 'Two failed withdrawals in a row (12 CFR 1041.8(b))',
  unauthorized_return: 'Unauthorized return (NACHA)',
  debit_bankruptcy_stay: 'Bankruptcy stay: debit (11 U.S.C. 362(a))',
};

const realDate = (name: string) =>
  isoDateSchema.refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: `${name} is a date written YYYY-MM-DD.`,
    },
  );

// from and to are days in the business time zone, both included.
export const dutyAuditQuerySchema = z
  .object({
    from: z.string({ error: 'from is required: the first day of the range (YYYY-MM-DD).' }).pipe(realDate('from')),
    to: z.string({ error: 'to is required: the last day of the range (YYYY-MM-DD).' }).pipe(realDate('to')),
  })
  .check((context) => {
    const { from, to } = context.value;
    if (from > to)
      context.issues.push({ code: 'custom', input: context.value, message: 'from must be on or before to.' });
    else if (daysBetween(from, to) + 1 > DUTY_AUDIT_MAX_DAYS)
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: `The range can be at most ${DUTY_AUDIT_MAX_DAYS} days; this one is ${daysBetween(from, to) + 1}. Ask for a shorter range.`,
      });
  });
export type DutyAuditQuery = z.input<typeof dutyAuditQuerySchema>;

export const dutyAuditBreachSchema = z.object({
  // The record replayed: a delivered message (messages.id) or a presented debit (payments.id).
  record: z.enum(['message', 'payment']),
  record_id: z.number(),
  customer_id: z.number().nullable(),
  // When it was delivered or presented (ISO 8601 UTC).
  at: z.string(),
  // text, email or debit.
  channel: z.enum(['text', 'email', 'debit']),
  // A message's road (SENDING_PATHS) and purpose; null for a debit.
  sending_path: z.string().nullable(),
  purpose: z.string().nullable(),
  rule: z.enum(DUTY_AUDIT_RULES),
  // What the rule said at that moment, in the contact gate's or the debit rules' own words.
  sentence: z.string(),
});
export type DutyAuditBreach = z.infer<typeof dutyAuditBreachSchema>;

export const dutyAuditResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  messages_checked: z.number(),
  debits_checked: z.number(),
  // Every breach found, and how many of each duty; at most DUTY_AUDIT_MAX_LISTED are listed
  // (truncated says when fewer).
  breach_count: z.number(),
  by_rule: z.partialRecord(z.enum(DUTY_AUDIT_RULES), z.number()),
  truncated: z.boolean(),
  breaches: z.array(dutyAuditBreachSchema),
});
export type DutyAuditResponse = z.infer<typeof dutyAuditResponseSchema>;

export const dutyAuditCalls = {
  dutyAudit: defineCall({
    method: 'GET',
    path: 'duty_audit',
    access: needs('compliance.duty_audit'),
    query: dutyAuditQuerySchema,
    response: dutyAuditResponseSchema,
  }),
};

// The CSV of a report's breaches, one row each, as the screen lists them (RFC 4180: CRLF, fields
// quoted when they hold a comma, a quote or a line break; a leading =, +, - or @ is quoted with an
// apostrophe so a spreadsheet never runs it as a formula).
export const DUTY_AUDIT_CSV_COLUMNS = [
  'record',
  'record_id',
  'customer_id',
  'at',
  'channel',
  'sending_path',
  'purpose',
  'rule',
  'sentence',
] as const;

const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function dutyAuditCsv(breaches: readonly DutyAuditBreach[]): string {
  const lines = [
    DUTY_AUDIT_CSV_COLUMNS.join(','),
    ...breaches.map((breach) => DUTY_AUDIT_CSV_COLUMNS.map((column) => csvField(breach[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export function dutyAuditFileName(from: string, to: string): string {
  return `duty-audit-${from}-to-${to}.csv`;
}
