import { formatDollars } from '../money.ts';

// Four eyes on money and identity (issue 41, decision 069): the actions that wait for a second
// employee, and from what amount. Each action's threshold is in cents: an action over it waits
// ("over": a threshold of 0 makes every one wait); `null` never waits. An SSN change has no amount:
// any threshold makes it wait. APPROVAL_THRESHOLDS sets them, e.g. "refund=0,credit=0,settlement=500".

export const APPROVAL_ACTIONS = ['refund', 'credit', 'settlement', 'invalidate', 'ssn_change'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

export const approvalActionLabels: Record<ApprovalAction, string> = {
  refund: 'Refund',
  credit: 'Loan credit',
  settlement: 'Settlement',
  invalidate: 'Payment invalidation',
  ssn_change: 'SSN change',
};

export type ApprovalThresholds = Record<ApprovalAction, number | null>;

// All refunds and credits wait; the rest do not, until the lender says so.
export const DEFAULT_APPROVAL_THRESHOLDS = 'refund=0,credit=0';

// "refund=0,credit=250.00,ssn_change=on": dollars, `on` (every one) or `off`; an action not named
// never waits. Null when the text is not that.
export function parseApprovalThresholds(text: string): ApprovalThresholds | null {
  const thresholds: ApprovalThresholds = {
    refund: null,
    credit: null,
    settlement: null,
    invalidate: null,
    ssn_change: null,
  };
  if (text.trim() === '') return thresholds;
  for (const part of text.split(',')) {
    const match = /^\s*([a-z_]+)\s*=\s*(on|off|\d+(?:\.\d{1,2})?)\s*$/.exec(part);
    if (!match) return null;
    const action = match[1] as ApprovalAction;
    if (!(APPROVAL_ACTIONS as readonly string[]).includes(action)) return null;
    const value = match[2]!;
    thresholds[action] = value === 'off' ? null : value === 'on' ? 0 : Math.round(Number(value) * 100);
  }
  return thresholds;
}

// Whether this action, of this amount (null: none), waits for a second employee.
export function needsApproval(
  thresholds: ApprovalThresholds,
  action: ApprovalAction,
  amountCents: number | null,
): boolean {
  const threshold = thresholds[action];
  if (threshold === null) return false;
  return amountCents === null || amountCents > threshold;
}

// "Refund of payment 12 ($150.00)": what waits, as the inbox and the loan card name it.
export function approvalSummary(action: ApprovalAction, subject: string, amountCents: number | null): string {
  return `${approvalActionLabels[action]} of ${subject}${amountCents === null ? '' : ` (${formatDollars(amountCents)})`}`;
}
