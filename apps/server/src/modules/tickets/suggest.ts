import { customerDate, fillMacroText, formatDollars, type SuggestedMacroTitle, type Ticket } from '@portal/contracts';

// Suggested replies and actions for the ticket view (details.guesses). A small rule table: each
// rule reads the words of the customer's latest messages, needs some account state, and names the
// macros and actions it proposes and the reason shown to the agent. No learning, so every
// suggestion can be explained and tested.

export type SuggestedResponse = Ticket['details']['guesses']['response'][number];
export type SuggestedAction = Ticket['details']['guesses']['action'][number];
export type Suggestions = { response: SuggestedResponse[]; action: SuggestedAction[] };

export type SuggestionState = {
  firstName: string;
  email: string;
  // The customer's newest active loan (funded, not paid off, not returned), if any.
  activeLoanId: number | null;
  // The earliest regular payment still due on an active loan.
  nextPayment: { loanId: number; date: string; amountCents: number; method: 'ach' | 'debit' } | null;
  // An early repayment scheduled and not yet collected.
  earlyRepayment: { loanId: number; date: string; amountCents: number } | null;
  // The newest returned payment on an active loan.
  latestBounce: { loanId: number; amountCents: number } | null;
};

export type MacroText = { id: number; title: string; body: string };

export type SuggestionInput = {
  // The customer's messages the agent is answering (the inbound ones since our last reply).
  words: readonly string[];
  // null: the ticket is not linked to a customer, so nothing account-specific can be proposed.
  state: SuggestionState | null;
  macros: readonly MacroText[];
};

type Requirement = 'customer' | 'active_loan' | 'early_repayment';
type Values = Record<string, string | null>;

export type SuggestionRule = {
  reason: string;
  matches: (text: string) => boolean;
  requires: Requirement;
  macros: readonly SuggestedMacroTitle[];
  actions: ReadonlyArray<{ action: string; label: string }>;
  loanId?: (state: SuggestionState) => number | null;
  // Placeholder values that differ from the defaults for this rule's macros.
  values?: (state: SuggestionState) => Values;
};

const CHANGE_WORDS = /\b(change|changed|changing|update|updated|new|different)\b/;
const words = (pattern: RegExp) => (text: string) => pattern.test(text);

export const SUGGESTION_RULES: readonly SuggestionRule[] = [
  {
    reason: 'Mentions a new payment date',
    matches: words(
      // "change my payment method" is about the method, not the date.
      /\b(payment|due) date\b|\bmove (my|the) payment\b|\b(change|move|push|reschedule|delay|postpone)\b[^.?!]{0,30}\bpayment\b(?! (method|amount))|\bpay (it )?later\b/,
    ),
    requires: 'active_loan',
    macros: ['change_payment_date'],
    actions: [{ action: 'change_payment_date', label: 'Change the payment date' }],
  },
  {
    reason: 'Asks to cancel an early repayment',
    matches: (text) => /\bcancel/.test(text) && /\bearly\b|\bpay ?off\b/.test(text),
    requires: 'early_repayment',
    macros: ['cancel_early_repay'],
    actions: [{ action: 'cancel_early_repay', label: 'Cancel the early repayment' }],
    loanId: (state) => state.earlyRepayment?.loanId ?? state.activeLoanId,
    values: (state) => ({ date: state.earlyRepayment ? humanDate(state.earlyRepayment.date) : null }),
  },
  {
    reason: 'Asks about paying off early',
    matches: (text) => /\bpay ?off\b|\bpaying off\b|\bearly\b/.test(text) && !/\bcancel/.test(text),
    requires: 'active_loan',
    macros: ['calc_early_repay', 'set_early_repay'],
    actions: [
      { action: 'calc_early_repay', label: 'Calculate the payoff amount' },
      { action: 'set_early_repay', label: 'Schedule the early repayment' },
      // One click through users/take_message_action: texts (or emails) today's payoff balance.
      { action: 'send_payoff_balance', label: "Send today's payoff balance" },
    ],
    // The payoff amount depends on the date the customer picks; the agent calculates it.
    values: () => ({ amount: null }),
  },
  {
    reason: 'Mentions a returned payment or a fee',
    matches: words(/\bbounced?\b|\breturned\b|\bfees?\b|\bnsf\b/),
    requires: 'active_loan',
    macros: ['handle_credit_bounce'],
    actions: [{ action: 'handle_credit_bounce', label: 'Waive the returned-payment fee' }],
    loanId: (state) => state.latestBounce?.loanId ?? state.activeLoanId,
    values: (state) => ({ amount: state.latestBounce ? formatDollars(state.latestBounce.amountCents) : null }),
  },
  {
    reason: 'Mentions the payment method',
    matches: words(/\bdebit\b|\bcard\b|\bpayment method\b/),
    requires: 'active_loan',
    macros: ['update_payment_method'],
    actions: [{ action: 'update_payment_method', label: 'Switch the payment method' }],
  },
  {
    reason: 'Asks for a smaller payment',
    matches: words(
      /\bsmaller\b|\bcan'?t (afford|pay|make)\b|\bcannot (afford|pay|make)\b|\bunable to pay\b|\bpay less\b|\blower (my |the )?payment/,
    ),
    requires: 'active_loan',
    macros: ['custom_payment'],
    actions: [{ action: 'custom_payment', label: 'Set up a smaller payment' }],
  },
  {
    reason: 'Asks to change their email address',
    matches: (text) => /\be-?mail\b/.test(text) && CHANGE_WORDS.test(text),
    requires: 'customer',
    macros: ['change_email'],
    actions: [{ action: 'change_email', label: 'Edit the email address' }],
  },
  {
    reason: 'Mentions a new phone number',
    matches: (text) => /\bphone\b/.test(text) || (/\bnumber\b/.test(text) && CHANGE_WORDS.test(text)),
    requires: 'customer',
    macros: ['change_phone'],
    actions: [{ action: 'change_phone', label: 'Edit the phone number' }],
  },
  {
    reason: 'Mentions their date of birth',
    matches: words(/\bbirthday\b|\bdate of birth\b|\bdob\b|\bbirth ?date\b/),
    requires: 'customer',
    macros: ['change_dob'],
    actions: [{ action: 'change_dob', label: 'Edit the date of birth' }],
  },
];

export function suggestReplies(
  input: SuggestionInput,
  rules: readonly SuggestionRule[] = SUGGESTION_RULES,
): Suggestions {
  const suggestions: Suggestions = { response: [], action: [] };
  const { state } = input;
  if (!state) return suggestions;
  // Lower case, and typographic apostrophes as typed on phones ("can’t") made plain.
  const text = input.words
    .join('\n')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'");
  if (text.trim() === '') return suggestions;
  const macrosByTitle = new Map(input.macros.map((macro) => [macro.title, macro]));
  const defaults = defaultValues(state);
  for (const rule of rules) {
    if (!meets(rule.requires, state) || !rule.matches(text)) continue;
    const macros = rule.macros.flatMap((title) => macrosByTitle.get(title) ?? []);
    if (macros.length === 0) continue;
    const values = { ...defaults, ...rule.values?.(state) };
    for (const macro of macros) {
      if (suggestions.response.some((known) => known.macro_id === macro.id)) continue;
      suggestions.response.push({
        macro_id: macro.id,
        title: macro.title,
        text: fillMacroText(macro.body, values).text,
        reason: rule.reason,
      });
    }
    const loanId = rule.requires === 'customer' ? null : (rule.loanId?.(state) ?? state.activeLoanId);
    for (const { action, label } of rule.actions) {
      if (suggestions.action.some((known) => known.action === action)) continue;
      suggestions.action.push({ action, label, loan_id: loanId, reason: rule.reason });
    }
  }
  return suggestions;
}

function meets(requirement: Requirement, state: SuggestionState): boolean {
  if (requirement === 'active_loan') return state.activeLoanId !== null;
  if (requirement === 'early_repayment') return state.earlyRepayment !== null;
  return true;
}

// The variables the suggestion can fill from the account (the reply box fills the rest of the
// account's when it inserts the text, and asks the agent for the others).
function defaultValues(state: SuggestionState): Values {
  const next = state.nextPayment;
  return {
    first_name: state.firstName,
    email: state.email,
    next_due_date: next ? humanDate(next.date) : null,
    next_payment_amount: next ? formatDollars(next.amountCents) : null,
    amount: next ? formatDollars(next.amountCents) : null,
    payment_method: next ? (next.method === 'debit' ? 'debit card' : 'bank account') : null,
  };
}

// "December 1, 2026": customers read dates in words (as every macro variable writes them).
export function humanDate(date: string): string {
  return customerDate(date);
}
