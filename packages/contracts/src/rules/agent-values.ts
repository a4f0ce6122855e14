import { PHONE_DIGITS } from '../constants.ts';
import { AGENT_VALUE_MAX_LENGTH, type AgentInput } from '../macro-variables.ts';
import { formatDollars } from '../money.ts';
import { hasControlCharacter } from '../primitives.ts';
import { customerDate, customerPhone } from './macro-variables.ts';
import { isValidDate, normalizePhone } from './user-fields.ts';

// What an agent types for a macro's agent variable (decision 061), checked and written as the
// customer reads it. Apart from the grammar (macro-variables.ts) so that the reply box loads it with
// the form that asks, not with the workspace.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const MONEY_PATTERN = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

export type AgentValue = { ok: true; text: string } | { ok: false; error: string };

// What the agent typed for a variable, checked and written as the customer reads it: a date
// (YYYY-MM-DD) as July 2, 2027, an amount as $1,234.50, a phone as (503) 555-0123. `label` names
// the field in the sentences.
export function agentValue(input: AgentInput, typed: string, label: string): AgentValue {
  const value = typed.trim();
  const field = label.charAt(0).toLowerCase() + label.slice(1);
  if (value === '') return { ok: false, error: `Please enter the ${field}.` };
  if (value.length > AGENT_VALUE_MAX_LENGTH)
    return { ok: false, error: `The ${field} must be at most ${AGENT_VALUE_MAX_LENGTH} characters.` };
  if (/[{}]/.test(value) || hasControlCharacter(value))
    return { ok: false, error: `The ${field} cannot hold braces, tabs or line breaks.` };
  switch (input) {
    case 'date':
      return isValidDate(value)
        ? { ok: true, text: customerDate(value) }
        : { ok: false, error: `The ${field} must be a date.` };
    case 'money': {
      if (!MONEY_PATTERN.test(value))
        return { ok: false, error: `The ${field} must be an amount in dollars, such as 125.50.` };
      const cents = Math.round(Number(value.replace(/[$,\s]/g, '')) * 100);
      if (cents <= 0 || cents > 100_000_000)
        return { ok: false, error: `The ${field} must be more than $0 and at most $1,000,000.` };
      return { ok: true, text: formatDollars(cents) };
    }
    case 'phone': {
      const digits = normalizePhone(value);
      return new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(digits)
        ? { ok: true, text: customerPhone(digits) }
        : { ok: false, error: `The ${field} must have 10 digits.` };
    }
    case 'email':
      return EMAIL_PATTERN.test(value) && value.length <= 254
        ? { ok: true, text: value.toLowerCase() }
        : { ok: false, error: `The ${field} must be an email address.` };
    default:
      return { ok: true, text: value };
  }
}
