import { describe, expect, it } from 'vitest';
import { SUGGESTED_MACRO_TITLES } from '@portal/contracts';
import { humanDate, SUGGESTION_RULES, suggestReplies, type MacroText, type SuggestionState } from './suggest.ts';

const macroTitles: readonly string[] = SUGGESTED_MACRO_TITLES;
const macros: MacroText[] = macroTitles.map((title, index) => ({
  id: index + 1,
  title,
  body: `${title}: Hi {first_name}, {amount} on {next_due_date} by {payment_method} to {email}; {date} {unknown}`,
}));
const idOf = (title: string) => macroTitles.indexOf(title) + 1;

const withLoan: SuggestionState = {
  firstName: 'Dana',
  email: 'dana@example.com',
  activeLoanId: 42,
  nextPayment: { loanId: 42, date: '2026-12-01', amountCents: 18_250, method: 'ach' },
  earlyRepayment: null,
  latestBounce: null,
};
const noLoan: SuggestionState = { ...withLoan, activeLoanId: null, nextPayment: null };

const suggest = (words: string[], state: SuggestionState | null = withLoan, available = macros) =>
  suggestReplies({ words, state, macros: available });
const titles = (words: string[], state: SuggestionState | null = withLoan) =>
  suggest(words, state).response.map((response) => response.title);

describe('suggestReplies', () => {
  it('proposes the payment-date macro and action for a new payment date, with its reason and loan', () => {
    const result = suggest(['Can I move my payment to the 15th?']);
    expect(result.response).toEqual([
      {
        macro_id: idOf('change_payment_date'),
        title: 'change_payment_date',
        text: 'change_payment_date: Hi Dana, $182.50 on December 1, 2026 by bank account to dana@example.com; {date} {unknown}',
        reason: 'Mentions a new payment date',
      },
    ]);
    expect(result.action).toEqual([
      {
        action: 'change_payment_date',
        label: 'Change the payment date',
        loan_id: 42,
        reason: 'Mentions a new payment date',
      },
    ]);
  });

  it.each([
    ['What is my due date?', ['change_payment_date']],
    ['I need to update my email address', ['change_email']],
    ['My new number is 555 123 4567', ['change_phone']],
    ['I got a new phone', ['change_phone']],
    ['You have my date of birth wrong', ['change_dob']],
    ['My birthday is March 3', ['change_dob']],
    ['How much to pay off my loan?', ['calc_early_repay', 'set_early_repay']],
    ['Can I pay it early', ['calc_early_repay', 'set_early_repay']],
    ['Why was I charged a fee?', ['handle_credit_bounce']],
    ['My payment bounced', ['handle_credit_bounce']],
    ['Please use my debit card instead', ['update_payment_method']],
    ['I want to change my payment method', ['update_payment_method']],
    ['I can’t pay the full amount this month', ['custom_payment']],
    ['Could I make a smaller payment?', ['custom_payment']],
    ['Can I pay less this time', ['custom_payment']],
  ])('reads %j as %j', (words, expected) => {
    expect(titles([words])).toEqual(expected);
  });

  it('proposes nothing for words no rule knows, or for no words', () => {
    expect(suggest(['Thanks, have a nice day!'])).toEqual({ response: [], action: [] });
    expect(suggest([])).toEqual({ response: [], action: [] });
  });

  it('proposes nothing account-specific for a ticket with no customer', () => {
    expect(suggest(['Please change my email'], null)).toEqual({ response: [], action: [] });
  });

  it('needs an active loan for payment suggestions, but not for personal details', () => {
    expect(titles(['Can I move my payment and update my email?'], noLoan)).toEqual(['change_email']);
    expect(suggest(['update my email'], noLoan).action).toEqual([
      {
        action: 'change_email',
        label: 'Edit the email address',
        loan_id: null,
        reason: 'Asks to change their email address',
      },
    ]);
  });

  it('offers cancelling an early repayment only when one is scheduled, and then not the payoff calculation', () => {
    expect(titles(['Please cancel my early payoff'])).toEqual([]);
    const scheduled = { ...withLoan, earlyRepayment: { loanId: 42, date: '2026-12-10', amountCents: 90_000 } };
    const result = suggest(['Please cancel my early payoff'], scheduled);
    expect(result.response.map((response) => response.title)).toEqual(['cancel_early_repay']);
    expect(result.response[0]?.text).toContain('December 10, 2026');
    expect(result.action.map((action) => action.action)).toEqual(['cancel_early_repay']);
  });

  it('fills the bounce macro with the returned amount and names the bounced loan', () => {
    const bounced = { ...withLoan, latestBounce: { loanId: 7, amountCents: 5_000 } };
    const result = suggest(['My payment was returned'], bounced);
    expect(result.response[0]?.text).toContain('$50.00 on December 1, 2026');
    expect(result.action[0]).toMatchObject({ action: 'handle_credit_bounce', loan_id: 7 });
  });

  it('leaves the payoff amount for the agent, as it depends on the date the customer picks', () => {
    const result = suggest(['I want to pay off early']);
    expect(result.response[0]?.text).toContain('Hi Dana, {amount} on December 1, 2026');
  });

  it('offers sending the payoff balance, which users/take_message_action can run in one click', () => {
    const result = suggest(['I want to pay off early']);
    expect(result.action.map((action) => action.action)).toContain('send_payoff_balance');
  });

  it('skips a rule whose macros do not exist, and keeps the others', () => {
    const without = macros.filter((macro) => macro.title !== 'change_email');
    const result = suggest(['Update my email and my phone'], withLoan, without);
    expect(result.response.map((response) => response.title)).toEqual(['change_phone']);
    expect(result.action.map((action) => action.action)).toEqual(['change_phone']);
  });

  it('lists each macro and action once when several rules and messages point to it', () => {
    const result = suggest(['move my payment date', 'my payment date again', 'debit card please']);
    expect(result.response.map((response) => response.title)).toEqual(['change_payment_date', 'update_payment_method']);
  });

  it('gives every rule a reason in words', () => {
    for (const rule of SUGGESTION_RULES) expect(rule.reason).toMatch(/^[A-Z].+[a-z]$/);
  });

  it('writes dates in words', () => {
    expect(humanDate('2026-01-05')).toBe('January 5, 2026');
  });
});
