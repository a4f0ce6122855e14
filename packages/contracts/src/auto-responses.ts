import { z } from 'zod';
import type { FilledMacroVariableName } from './macro-variables.ts';
import { fillMacroText, withoutVariables } from './rules/macro-variables.ts';

// After-hours auto-responses (decision 035) and their analytics (spec 001 sections 2, 7, 9).

// The macros whose text the auto-response takes, by channel, when they exist.
export const AUTO_RESPONSE_MACRO_TITLES = { text: 'after_hours_text', email: 'after_hours_email' } as const;

// The texts used when no such macro exists.
export const DEFAULT_AUTO_RESPONSES = {
  text: 'Thanks for your message. Our team is away right now; we will answer as soon as we are back during business hours.',
  email:
    'Thank you for writing to us. Our customer service team is away right now. We have your message and will answer it as soon as we are back during business hours.',
} as const;

export const AUTO_RESPONSE_SUBJECT = 'We have your message';

// What an auto-response knows of the sender: the matched customer's account, if any.
export type AutoResponseCustomer = { firstName: string | null; lastName: string | null; email: string | null };

// The macro's variables the customer's account fills (as a staff reply's are); the ones nobody can
// fill here (no customer matched, {agent_name}, {loan_id}, anything asked of an agent) are left out,
// since no agent reads the text before it goes. The server's auto-response and the demo seed both fill it this way.
export function fillAutoResponse(body: string, customer: AutoResponseCustomer | undefined): string {
  const first = customer?.firstName ?? null;
  const last = customer?.lastName ?? null;
  const values: Partial<Record<FilledMacroVariableName, string | null>> = {
    first_name: first,
    last_name: last,
    full_name: first && last ? `${first} ${last}` : first,
    email: customer?.email ?? null,
  };
  return withoutVariables(fillMacroText(body, values).text).trim();
}

// auto_response_analytics: of the conversations (tickets) started in the range (total), those that
// got an auto-response (auto), and of those, the ones the customer did not write in again after it
// (noFollow); with the auto-responses' texts (the macro's as written, on one line, cut to 100
// characters with '…') and how many conversations got each, most first.
export const autoResponseAnalyticsResponseSchema = z.object({
  auto: z.number().int(),
  noFollow: z.number().int(),
  total: z.number().int(),
  texts: z.array(z.object({ text: z.string(), count: z.number().int() })),
});
export type AutoResponseAnalyticsResponse = z.infer<typeof autoResponseAnalyticsResponseSchema>;
