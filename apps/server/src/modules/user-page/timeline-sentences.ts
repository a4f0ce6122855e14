import { centsToDollars } from '@portal/contracts';
import type { AuditEventRecord } from '../../platform/audit.ts';
import { maskLongNumbers, maskSsnLike } from './timeline-masking.ts';

// An audit event in words for the customer's timeline (issue 40): what was done to which record and
// the values that changed, never the raw JSON. Only the fields listed here are shown, each in its own
// way; a field not listed (a bank account or routing number, a card, an SSN's hash, a token) is never
// named, and every value shown is masked again (timeline-masking.ts).

// What an action did, in the past tense; an action not listed is read from its name
// ('loan.manually_approved' -> 'manually approved').
const PHRASES: Readonly<Record<string, string>> = {
  'customer.field_changed': 'changed the personal information',
  'customer.ssn_updated': 'updated the SSN',
  'customer.ssn_revealed': 'revealed the SSN',
  'customer.comment_added': 'added a comment',
  'customer.email_added': 'added an email address',
  'customer.hotlink_created': 'created a customer app link',
  'customer.password_reset_sent': 'sent a password reset',
  'customer.evidence_pack_built': 'built an evidence pack',
  'customer.message_originated': 'sent a message from the user page',
  'customer.dnc_on': 'turned DNC (do not contact) on',
  'customer.dnc_off': 'turned DNC (do not contact) off',
  'customer.dnl_on': 'turned DNL (do not lend) on',
  'customer.dnl_off': 'turned DNL (do not lend) off',
  'customer.cease_on': 'recorded a cease-communication request',
  'customer.cease_off': 'cleared the cease-communication request',
  'customer.attorney_on': 'recorded an attorney representing the customer',
  'customer.attorney_off': 'cleared the attorney representation',
  'customer.plaid_new_connection_allowed': 'allowed a new Plaid connection',
  'customer.account_status_letter_generated': 'generated an account status letter',
  'customer.debits_stopped': 'stopped automatic debits',
  'customer.debit_stop_lifted': 'lifted the debit stop',
  'customer.debit_authorization_recorded': 'recorded a new debit authorization',
  'payment.rescheduled': 'rescheduled',
  'payment.method_changed': 'switched payment method',
  'payment.early_repayment_scheduled': 'early repayment scheduled',
  'payment.early_repayment_cancelled': 'early repayment cancelled',
  'payment.payoff_scheduled': 'payoff scheduled',
  'payment.bounce_fee_credited': 'bounce fee waived',
  'payment.made_smaller': 'made smaller',
  'payment.made_larger': 'made larger',
  'payment.returned': 'returned by the bank',
  'payment.re_presented': 'presented again',
  'loan.auto_debit_toggled': 'auto-debit switched',
  'loan.auto_debit_stopped': 'auto-debit stopped',
  'loan.auto_debit_restarted': 'auto-debit restarted',
  'loan.approval_text_sent': 'approval text sent',
  'loan.approval_reopened': 'approval reopened',
  'loan.payoff_balance_sent': 'payoff balance sent',
  'loan.settlement_created': 'settlement created',
  'loan.custom_payments': 'custom payments set up',
  'loan.upload_link_opened': 'document upload link opened',
  'dispute.created': 'letter received',
};

// The fields shown, by name as the audit keeps them (snake_case or camelCase), with how.
type FieldStyle = 'text' | 'phone' | 'cents' | 'flag' | 'masked ssn';
const FIELDS: Readonly<Record<string, { label: string; style: FieldStyle }>> = {
  first_name: { label: 'first name', style: 'text' },
  middle_initial: { label: 'middle initial', style: 'text' },
  last_name: { label: 'last name', style: 'text' },
  email: { label: 'email', style: 'text' },
  phone_number: { label: 'phone', style: 'phone' },
  birthday: { label: 'birthday', style: 'text' },
  street: { label: 'street', style: 'text' },
  city: { label: 'city', style: 'text' },
  state: { label: 'state', style: 'text' },
  zip: { label: 'ZIP code', style: 'text' },
  ssn: { label: 'SSN', style: 'masked ssn' },
  due: { label: 'due', style: 'text' },
  date: { label: 'date', style: 'text' },
  method: { label: 'method', style: 'text' },
  reason: { label: 'reason', style: 'text' },
  context: { label: 'context', style: 'text' },
  type: { label: 'type', style: 'text' },
  response_type: { label: 'response', style: 'text' },
  return_code: { label: 'return code', style: 'text' },
  decision: { label: 'decision', style: 'text' },
  auto_debit: { label: 'auto-debit', style: 'flag' },
  dnc: { label: 'DNC', style: 'flag' },
  dnl: { label: 'DNL', style: 'flag' },
  cease: { label: 'cease', style: 'flag' },
  attorney: { label: 'attorney', style: 'flag' },
  amount_cents: { label: 'amount', style: 'cents' },
  expected_amount_cents: { label: 'amount', style: 'cents' },
  credit_amount_cents: { label: 'credit', style: 'cents' },
  fee_cents: { label: 'fee', style: 'cents' },
  settlement_cents: { label: 'settlement', style: 'cents' },
};

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const MASKED_SSN = /^\*\*\*-\*\*-\d{4}$/;

function formatValue(value: unknown, style: FieldStyle): string | null {
  if (value === null || value === undefined || value === '') return 'none';
  switch (style) {
    case 'masked ssn':
      // The audit keeps an SSN masked; anything else under that name is not shown.
      return typeof value === 'string' && MASKED_SSN.test(value) ? value : null;
    case 'flag':
      return typeof value === 'boolean' ? (value ? 'on' : 'off') : null;
    case 'cents':
      return typeof value === 'number' ? `$${centsToDollars(value).toFixed(2)}` : null;
    case 'phone':
      return typeof value === 'string' ? maskSsnLike(value) : null;
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') return null;
      const text = maskLongNumbers(String(value));
      return text.length > 120 ? `${text.slice(0, 119)}…` : text;
    }
  }
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

// The listed fields of before and after: 'due 2026-12-01 → 2026-12-15', or the value set.
function changesOf(event: Pick<AuditEventRecord, 'before' | 'after'>): string[] {
  const before = recordOf(event.before);
  const after = recordOf(event.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.flatMap((key) => {
    const field = FIELDS[snakeCase(key)];
    if (!field) return [];
    const had = key in before ? formatValue(before[key], field.style) : undefined;
    const has = key in after ? formatValue(after[key], field.style) : undefined;
    if (had === null || has === null || had === has) return [];
    if (had === undefined) return has === undefined ? [] : [`${field.label} ${has}`];
    if (has === undefined) return [`${field.label} was ${had}`];
    return [`${field.label} ${had} → ${has}`];
  });
}

const ENTITY_LABELS: Readonly<Record<string, string>> = {
  loan: 'Loan',
  payment: 'Payment',
  dispute: 'Dispute #',
  debit_stop: 'Debit stop',
  debit_authorization: 'Debit authorization',
};

function phraseOf(action: string): string {
  return PHRASES[action] ?? (action.split('.').at(-1) ?? action).replace(/_/g, ' ');
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function staffActionSentence(
  event: Pick<AuditEventRecord, 'action' | 'entityType' | 'entityId' | 'before' | 'after'>,
): string {
  const changes = changesOf(event);
  const detail = changes.length > 0 ? ` (${changes.join('; ')})` : '';
  const label = ENTITY_LABELS[event.entityType];
  const subject =
    event.entityType === 'customer' || label === undefined
      ? capitalized(phraseOf(event.action))
      : `${label}${label.endsWith('#') ? '' : ' '}${event.entityId ?? ''} ${phraseOf(event.action)}`;
  return maskSsnLike(`${subject}${detail}.`);
}
