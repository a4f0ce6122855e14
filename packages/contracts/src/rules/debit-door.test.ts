import { describe, expect, it } from 'vitest';
import { debitDoorRefusal, type DebitAtDoor, type DebitDoorFacts } from './debit-door.ts';
import type { ReturnCodeBook, Withdrawal } from './failed-debits.ts';

// The door for money, duty by duty: each fact alone refuses the debit, and the debit with none goes.

const book: ReturnCodeBook = {
  title: (code) =>
    ({ R01: 'Insufficient Funds', R02: 'Account Closed', R10: 'Customer Advises Not Authorized' })[code] ?? code,
  isUnauthorized: (code) => ['R05', 'R07', 'R10', 'R11', 'R29', 'R51'].includes(code),
};
const context = { presentOn: '2026-12-04', returnCodes: book };
const debit: DebitAtDoor = {
  paymentId: 20,
  loanId: 1,
  representsPaymentId: null,
  autoDebit: true,
  customerDnp: false,
  account: { dnp: false, routingValid: true, readable: true },
};
const none: DebitDoorFacts = { stopInForce: null, authorizedOn: null, history: [], cases: [] };

const paid = (paymentId: number, presentedOn: string): Withdrawal => ({
  paymentId,
  loanId: 1,
  presentedOn,
  outcome: { status: 'paid' },
  representsPaymentId: null,
});
const returned = (
  paymentId: number,
  presentedOn: string,
  code: string,
  represents: number | null = null,
): Withdrawal => ({
  paymentId,
  loanId: 1,
  presentedOn,
  outcome: { status: 'returned', code, returnedOn: presentedOn },
  representsPaymentId: represents,
});

describe('debitDoorRefusal', () => {
  it('lets a first presentment with no duty in its way through', () => {
    expect(debitDoorRefusal(debit, { ...none, history: [paid(1, '2026-11-04')] }, context)).toBeNull();
  });

  it('refuses while a recorded stop is in force', () => {
    const facts = { ...none, stopInForce: { id: 7, reason: 'Automatic debits stopped on Nov 30, 2026.' } };
    expect(debitDoorRefusal(debit, facts, context)).toEqual({
      duty: 'debit_stop',
      sentence: 'Debit stop 7 is in force: Automatic debits stopped on Nov 30, 2026.',
    });
  });

  it('refuses after two failures in a row even where no stop was recorded, until a later authorization', () => {
    const history = [returned(1, '2026-11-02', 'R01'), returned(2, '2026-11-16', 'R01')];
    expect(debitDoorRefusal(debit, { ...none, history }, context)?.duty).toBe('failed_debit_stop');
    expect(debitDoorRefusal(debit, { ...none, history, authorizedOn: '2026-11-20' }, context)).toBeNull();
  });

  it('refuses after an unauthorized return reported since the latest authorization', () => {
    const history = [paid(1, '2026-10-02'), returned(2, '2026-11-16', 'R10')];
    expect(debitDoorRefusal(debit, { ...none, history }, context)?.duty).toBe('unauthorized_return');
    expect(debitDoorRefusal(debit, { ...none, history, authorizedOn: '2026-11-20' }, context)).toBeNull();
  });

  it('refuses while a bankruptcy stay is in force on the effective date', () => {
    const open = { caseNumber: '26-10001', chapter: 7, filedOn: '2026-12-01', dischargedOn: null, dismissedOn: null };
    expect(debitDoorRefusal(debit, { ...none, cases: [open] }, context)).toEqual({
      duty: 'bankruptcy_stay',
      sentence:
        "The customer's chapter 7 bankruptcy (case 26-10001) is open: the automatic stay forbids collecting (11 U.S.C. 362(a)(6)).",
    });
    expect(debitDoorRefusal(debit, { ...none, cases: [{ ...open, dismissedOn: '2026-12-03' }] }, context)).toBeNull();
  });

  it('refuses when the loan has automatic debits off', () => {
    expect(debitDoorRefusal({ ...debit, autoDebit: false }, none, context)).toEqual({
      duty: 'auto_debit_off',
      sentence: 'Automatic debits are off on loan 1.',
    });
  });

  it('refuses without a bank account that may be debited', () => {
    expect(debitDoorRefusal({ ...debit, customerDnp: true }, none, context)?.duty).toBe('do_not_present');
    expect(
      debitDoorRefusal({ ...debit, account: { dnp: true, routingValid: true, readable: true } }, none, context)?.duty,
    ).toBe('do_not_present');
    expect(debitDoorRefusal({ ...debit, account: null }, none, context)?.duty).toBe('no_bank_account');
    expect(
      debitDoorRefusal({ ...debit, account: { dnp: false, routingValid: false, readable: true } }, none, context)?.duty,
    ).toBe('no_bank_account');
    // Numbers that do not open (another key, an altered value) are never guessed at.
    expect(
      debitDoorRefusal({ ...debit, account: { dnp: false, routingValid: false, readable: false } }, none, context),
    ).toEqual({
      duty: 'no_bank_account',
      sentence:
        "The numbers of the customer's bank account do not open with this server's key (sealed with another key, or altered): take the account again before debiting.",
    });
  });

  it('holds a re-presentment to the limits, and a returned payment sent again on a new date as well', () => {
    const original = returned(2, '2026-11-02', 'R01');
    const again = { ...debit, paymentId: 9, representsPaymentId: 2 };
    expect(debitDoorRefusal(again, { ...none, history: [paid(1, '2026-10-01'), original] }, context)).toBeNull();
    // Not an R01 or R09: never again, under any payment id.
    const closed = returned(2, '2026-11-02', 'R02');
    expect(debitDoorRefusal(again, { ...none, history: [closed] }, context)?.duty).toBe('re_presentment_limit');
    expect(debitDoorRefusal({ ...debit, paymentId: 2 }, { ...none, history: [closed] }, context)?.duty).toBe(
      're_presentment_limit',
    );
    // Three presentments of payment 2 already (itself moved twice): no fourth.
    const thrice = [
      returned(2, '2026-11-02', 'R01'),
      paid(3, '2026-11-05'),
      returned(2, '2026-11-09', 'R01'),
      paid(4, '2026-11-12'),
      returned(2, '2026-11-16', 'R01'),
    ];
    expect(debitDoorRefusal({ ...debit, paymentId: 2 }, { ...none, history: thrice }, context)).toEqual({
      duty: 're_presentment_limit',
      sentence:
        'Payment 2 was already presented again twice (payment 2 on Nov 9, 2026 and payment 2 on Nov 16, 2026); NACHA allows no more.',
    });
  });

  it('refuses a payment that claims to present an entry which never came back', () => {
    expect(debitDoorRefusal({ ...debit, representsPaymentId: 5 }, none, context)?.duty).toBe('re_presentment_limit');
  });
});
