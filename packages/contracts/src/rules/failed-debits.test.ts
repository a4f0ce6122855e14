import { describe, expect, it } from 'vitest';
import {
  DEBIT_AUTHORIZATION_NOTE_TOO_SHORT,
  debitAuthorizationProblems,
  debitStopReason,
  failedDebitStop,
  representmentVerdict,
  stopOwesConsumerRightsNotice,
  unauthorizedReturnStop,
  unauthorizedStopReason,
  type ReturnCodeBook,
  type ReturnedWithdrawal,
  type Withdrawal,
} from './failed-debits.ts';

// The failed-debit stop (12 CFR 1041.8(b)) and NACHA's re-presentment limits, rule by rule, on
// histories worked by hand. Loans 1 and 2 belong to one customer; payments are numbered in the
// order they were scheduled.

const paid = (paymentId: number, presentedOn: string, loanId = 1): Withdrawal => ({
  paymentId,
  loanId,
  presentedOn,
  outcome: { status: 'paid' },
  representsPaymentId: null,
});
const pending = (paymentId: number, presentedOn: string, loanId = 1): Withdrawal => ({
  ...paid(paymentId, presentedOn, loanId),
  outcome: { status: 'pending' },
});
const returned = (
  paymentId: number,
  presentedOn: string,
  code: string,
  returnedOn: string,
  options: { loanId?: number; represents?: number } = {},
): ReturnedWithdrawal => ({
  paymentId,
  loanId: options.loanId ?? 1,
  presentedOn,
  outcome: { status: 'returned', code, returnedOn },
  representsPaymentId: options.represents ?? null,
});

// A book of return codes for these examples, by hand: R05 and R07 unauthorized, R01 not. The server's
// book is the reference data (its ach-return-codes.json), tested over every code there.
const titles: Record<string, string> = {
  R01: 'Insufficient Funds',
  R05: 'Improper Debit to Consumer Account',
  R07: 'Authorization Revoked by Customer',
};
const book: ReturnCodeBook = {
  title: (code) => titles[code] ?? 'Unknown return code',
  isUnauthorized: (code) => code === 'R05' || code === 'R07',
};

// The verdict while the latest withdrawal is the only failure in a row.
const oneFailure = (returnedOn: string) => ({
  applies: false,
  sentence: `One failed withdrawal in a row (R01 on ${returnedOn}); a second one would stop automatic debits.`,
});

describe('the failed-debit stop (1041.8(b))', () => {
  it('does not apply to a history without failures, or with one', () => {
    expect(failedDebitStop([])).toEqual({ applies: false, sentence: 'No withdrawal has failed.' });
    expect(failedDebitStop([paid(1, '2026-10-01'), returned(2, '2026-11-02', 'R01', '2026-11-04')])).toEqual(
      oneFailure('Nov 4, 2026'),
    );
  });

  it("applies on the loan's second failure in a row (the commentary's first example)", () => {
    const first = returned(1, '2026-10-01', 'R01', '2026-10-05');
    const second = returned(2, '2026-11-02', 'R01', '2026-11-04');
    const verdict = failedDebitStop([first, second]);
    expect(verdict).toEqual({
      applies: true,
      failures: [first, second],
      sentence:
        "Two withdrawals in a row failed (R01 on Oct 5, 2026, R01 on Nov 4, 2026): automatic debits stop on all of the customer's loans until a new authorization (12 CFR 1041.8(b)).",
    });
  });

  it("counts failures across the customer's loans (the commentary's second example: loan A, then loan B)", () => {
    const onA = returned(1, '2026-11-02', 'R01', '2026-11-04', { loanId: 1 });
    const onB = returned(7, '2026-11-16', 'R09', '2026-11-18', { loanId: 2 });
    expect(failedDebitStop([paid(6, '2026-10-16', 2), onA, onB])).toMatchObject({
      applies: true,
      failures: [onA, onB],
    });
  });

  it('is reset by a success between two failures, on any loan, read in the order they were made', () => {
    const history = [
      returned(1, '2026-11-02', 'R01', '2026-11-04', { loanId: 1 }),
      paid(7, '2026-11-09', 2),
      returned(2, '2026-11-16', 'R01', '2026-11-18', { loanId: 1 }),
    ];
    expect(failedDebitStop(history)).toEqual(oneFailure('Nov 18, 2026'));
    expect(failedDebitStop([...history].reverse())).toEqual(oneFailure('Nov 18, 2026'));
    // The same success after both failures resets nothing: they are still next to each other.
    const later = [history[0]!, history[2]!, paid(7, '2026-11-20', 2)];
    expect(failedDebitStop(later).applies).toBe(true);
  });

  it('waits for a withdrawal still pending between two failures, and applies once it fails too', () => {
    const before = [
      returned(1, '2026-11-02', 'R01', '2026-11-04'),
      pending(7, '2026-11-09', 2),
      returned(2, '2026-11-16', 'R01', '2026-11-18'),
    ];
    expect(failedDebitStop(before)).toEqual(oneFailure('Nov 18, 2026'));
    const after = [before[0]!, returned(7, '2026-11-09', 'R09', '2026-11-11', { loanId: 2 }), before[2]!];
    expect(failedDebitStop(after)).toMatchObject({ applies: true, failures: [after[0], after[1]] });
  });

  it('says when the latest failure was followed by a withdrawal that did not fail', () => {
    expect(failedDebitStop([returned(1, '2026-11-02', 'R01', '2026-11-04'), pending(2, '2026-11-09')])).toEqual({
      applies: false,
      sentence:
        'No two failed withdrawals in a row: the latest failure (R01 on Nov 4, 2026) was followed by a withdrawal that did not fail.',
    });
  });

  it('counts a re-presentment as a withdrawal of its own', () => {
    const original = returned(1, '2026-11-02', 'R01', '2026-11-04');
    const again = returned(9, '2026-11-05', 'R01', '2026-11-09', { represents: 1 });
    expect(failedDebitStop([original, again])).toMatchObject({ applies: true, failures: [original, again] });
  });

  it('counts two withdrawals made the same day as consecutive (1041.8(b)(2)(ii))', () => {
    const history = [
      returned(1, '2026-11-02', 'R01', '2026-11-04', { loanId: 1 }),
      returned(7, '2026-11-02', 'R01', '2026-11-04', { loanId: 2 }),
    ];
    expect(failedDebitStop(history).applies).toBe(true);
  });

  it('counts a failure made the same day as an earlier one as the second, whatever was paid between (1041.8(b)(2)(ii))', () => {
    // A fails, B is paid, C fails, all sent on one day, in that order.
    const a = { ...returned(1, '2026-11-02', 'R01', '2026-11-04', { loanId: 1 }), presentedAt: '2026-11-02T06:00:00Z' };
    const b = { ...paid(7, '2026-11-02', 2), presentedAt: '2026-11-02T06:05:00Z' };
    const c = { ...returned(3, '2026-11-02', 'R01', '2026-11-05', { loanId: 1 }), presentedAt: '2026-11-02T06:10:00Z' };
    expect(failedDebitStop([a, b, c])).toEqual({
      applies: true,
      failures: [a, c],
      sentence:
        "Two withdrawals sent the same day failed (R01 on Nov 4, 2026, R01 on Nov 5, 2026), which makes them consecutive: automatic debits stop on all of the customer's loans until a new authorization (12 CFR 1041.8(b)(2)(ii)).",
    });
    // A success the next day between them resets, as before.
    const nextDay = { ...c, presentedOn: '2026-11-03', presentedAt: '2026-11-03T06:10:00Z' };
    const paidBetween = { ...b, presentedOn: '2026-11-03', presentedAt: '2026-11-03T06:05:00Z' };
    expect(failedDebitStop([a, paidBetween, nextDay]).applies).toBe(false);
  });

  it('orders the withdrawals of one day by the moment they were sent, not by payment', () => {
    // Payment 9 was sent first that day and failed; payment 2 was paid after it; payment 5 failed the
    // next day. By payment id, 2 (paid) would come first and 9 and 5 would be in a row.
    const early = { ...returned(9, '2026-11-02', 'R01', '2026-11-04'), presentedAt: '2026-11-02T06:00:00Z' };
    const late = { ...paid(2, '2026-11-02'), presentedAt: '2026-11-02T09:00:00Z' };
    const next = { ...returned(5, '2026-11-03', 'R01', '2026-11-05'), presentedAt: '2026-11-03T06:00:00Z' };
    expect(failedDebitStop([early, late, next]).applies).toBe(false);
    expect(failedDebitStop([{ ...early, presentedAt: null }, { ...late, presentedAt: null }, next]).applies).toBe(true);
  });

  it('counts any return as a failure, not only insufficient funds', () => {
    const history = [returned(1, '2026-11-02', 'R02', '2026-11-04'), returned(2, '2026-11-16', 'R01', '2026-11-18')];
    expect(failedDebitStop(history).applies).toBe(true);
  });

  it('starts counting again from a new authorization', () => {
    const stopped = [returned(1, '2026-11-02', 'R01', '2026-11-04'), returned(2, '2026-11-16', 'R01', '2026-11-18')];
    expect(failedDebitStop(stopped, { authorizedOn: '2026-11-23' })).toEqual({
      applies: false,
      sentence: 'No withdrawal has failed since the new authorization of Nov 23, 2026.',
    });
    const oneMore = [...stopped, returned(3, '2026-12-01', 'R01', '2026-12-03')];
    expect(failedDebitStop(oneMore, { authorizedOn: '2026-11-23' }).applies).toBe(false);
    const twoMore = [...oneMore, returned(9, '2026-12-04', 'R01', '2026-12-08', { represents: 3 })];
    expect(failedDebitStop(twoMore, { authorizedOn: '2026-11-23' })).toMatchObject({
      applies: true,
      failures: [oneMore[2], twoMore[3]],
    });
  });

  it("writes the stop's reason as the loan card shows it", () => {
    const failures = [
      returned(1, '2026-11-16', 'R01', '2026-11-17'),
      returned(7, '2026-11-18', 'R09', '2026-11-19', { loanId: 2 }),
    ];
    expect(debitStopReason('2026-11-20', failures)).toBe(
      'Automatic debits stopped on Nov 20, 2026 after two consecutive returned withdrawals (R01 on Nov 17, 2026, R09 on Nov 19, 2026).',
    );
  });
});

describe('the failed-debit count per bank account (1041.8(b)(1), its commentary)', () => {
  const on = (withdrawal: Withdrawal, accountId: number | null): Withdrawal => ({ ...withdrawal, accountId });

  it('stops on two failures in a row on one account, not on one failure on each of two', () => {
    const twoAccounts = [
      on(returned(1, '2026-10-01', 'R01', '2026-10-03'), 7),
      on(returned(2, '2026-11-02', 'R01', '2026-11-04'), 8),
    ];
    expect(failedDebitStop(twoAccounts).applies).toBe(false);
    const oneAccount = [
      on(returned(1, '2026-10-01', 'R01', '2026-10-03'), 7),
      on(paid(3, '2026-10-15'), 8),
      on(returned(2, '2026-11-02', 'R09', '2026-11-04'), 7),
    ];
    // The success on the other account does not break the run on account 7.
    expect(failedDebitStop(oneAccount)).toMatchObject({
      applies: true,
      failures: [{ paymentId: 1 }, { paymentId: 2 }],
    });
  });

  it('counts a withdrawal from an account not recorded with every account', () => {
    const history = [
      on(returned(1, '2026-10-01', 'R01', '2026-10-03'), null),
      on(returned(2, '2026-11-02', 'R01', '2026-11-04'), 8),
    ];
    expect(failedDebitStop(history).applies).toBe(true);
  });
});

describe('re-presenting a returned payment (NACHA)', () => {
  const open = { presentOn: '2026-11-23', stopInForce: false, autoDebit: true, returnCodes: book };

  it('presents an R01 or R09 return again, as the first of two re-presentments', () => {
    const history = [paid(1, '2026-10-01'), returned(2, '2026-11-02', 'R01', '2026-11-20')];
    expect(representmentVerdict(history, 2, open)).toEqual({
      allowed: true,
      originalPaymentId: 2,
      attempt: 1,
      sentence: 'Payment 2 is presented again on Nov 23, 2026 (re-presentment 1 of 2, R01).',
    });
    expect(representmentVerdict([returned(2, '2026-11-02', 'R09', '2026-11-20')], 2, open)).toMatchObject({
      allowed: true,
      attempt: 1,
    });
  });

  it('never presents other returns again', () => {
    for (const code of ['R02', 'R03', 'R08'])
      expect(representmentVerdict([returned(2, '2026-11-02', code, '2026-11-20')], 2, open)).toEqual({
        allowed: false,
        sentence: `Payment 2 is not presented again: NACHA allows presenting again only R01 and R09 returns (insufficient or uncollected funds), and this one is ${code}.`,
      });
  });

  it('presents one original entry again at most twice, counting re-presentments of re-presentments against the original', () => {
    const first = returned(2, '2026-09-01', 'R01', '2026-09-03');
    const again = returned(9, '2026-09-08', 'R01', '2026-09-10', { represents: 2 });
    const third = returned(11, '2026-09-15', 'R09', '2026-09-17', { represents: 2 });
    expect(representmentVerdict([first, paid(5, '2026-09-05', 2), again], 9, open)).toMatchObject({
      allowed: true,
      originalPaymentId: 2,
      attempt: 2,
      sentence: 'Payment 2 is presented again on Nov 23, 2026 (re-presentment 2 of 2, R01).',
    });
    expect(representmentVerdict([first, again, third], 11, open)).toEqual({
      allowed: false,
      sentence: 'Payment 2 was already presented again twice (payments 9 and 11); NACHA allows no more.',
    });
  });

  it('presents again only within 180 days of the original presentment', () => {
    const history = [returned(2, '2026-05-01', 'R01', '2026-05-05')];
    expect(representmentVerdict(history, 2, { ...open, presentOn: '2026-10-28' }).allowed).toBe(true);
    expect(representmentVerdict(history, 2, { ...open, presentOn: '2026-10-29' })).toEqual({
      allowed: false,
      sentence:
        'Payment 2 was first presented on May 1, 2026; NACHA allows presenting it again only within 180 days, until Oct 28, 2026.',
    });
    // A re-presentment's window is the original's.
    const again = [...history, returned(9, '2026-10-20', 'R01', '2026-10-22', { represents: 2 })];
    expect(representmentVerdict(again, 9, { ...open, presentOn: '2026-10-30' }).allowed).toBe(false);
  });

  it('never presents again while a stop is in force or automatic debits are off', () => {
    const history = [returned(2, '2026-11-02', 'R01', '2026-11-20')];
    expect(representmentVerdict(history, 2, { ...open, stopInForce: true })).toEqual({
      allowed: false,
      sentence:
        'Payment 2 is not presented again: automatic debits are stopped for this customer after two failed withdrawals in a row. A new authorization is needed.',
    });
    expect(representmentVerdict(history, 2, { ...open, autoDebit: false })).toEqual({
      allowed: false,
      sentence: 'Payment 2 is not presented again: automatic debits are off on loan 1.',
    });
  });

  it('never presents an unauthorized return again, whatever else would allow it', () => {
    const history = [returned(2, '2026-11-02', 'R07', '2026-11-20')];
    const refusal = {
      allowed: false,
      sentence:
        'Payment 2 is never presented again: it came back R07 (Authorization Revoked by Customer) on Nov 20, 2026, and NACHA forbids presenting an unauthorized return again.',
    };
    expect(representmentVerdict(history, 2, open)).toEqual(refusal);
    // Said before the stop it applied, which is the consequence, not the cause.
    expect(representmentVerdict(history, 2, { ...open, stopInForce: true })).toEqual(refusal);
  });

  it("refuses a payment any return of whose chain was unauthorized: its own earlier one, or another presentment's", () => {
    // Payment 2 came back R07, was moved and sent again by staff, and came back R01.
    const ownEarlier = [returned(2, '2026-10-01', 'R07', '2026-10-05'), returned(2, '2026-11-02', 'R01', '2026-11-04')];
    expect(representmentVerdict(ownEarlier, 2, open)).toEqual({
      allowed: false,
      sentence:
        'Payment 2 is never presented again: it came back R07 (Authorization Revoked by Customer) on Oct 5, 2026, and NACHA forbids presenting an unauthorized return again.',
    });
    // The original came back R01, its re-presentment 9 came back R05; 11 presents 2 again and came back R01.
    const chain = [
      returned(2, '2026-11-02', 'R01', '2026-11-04'),
      returned(9, '2026-11-05', 'R05', '2026-11-09', { represents: 2 }),
      returned(11, '2026-11-12', 'R01', '2026-11-16', { represents: 2 }),
    ];
    expect(representmentVerdict(chain, 11, open)).toEqual({
      allowed: false,
      sentence:
        'Payment 11 is never presented again: payment 9 (the same entry) came back R05 (Improper Debit to Consumer Account) on Nov 9, 2026, and NACHA forbids presenting an unauthorized return again.',
    });
    expect(representmentVerdict(chain, 2, open).allowed).toBe(false);
    // Another entry's unauthorized return is the customer's stop's business, not this chain's.
    const other = [
      returned(5, '2026-11-02', 'R07', '2026-11-04', { loanId: 2 }),
      returned(2, '2026-11-02', 'R01', '2026-11-04'),
    ];
    expect(representmentVerdict(other, 2, open).allowed).toBe(true);
  });

  it('has nothing to present again for a payment without a return', () => {
    expect(representmentVerdict([paid(2, '2026-11-02')], 2, open)).toEqual({
      allowed: false,
      sentence: 'Payment 2 has no return to present again.',
    });
  });
});

describe('an unauthorized return (NACHA Operating Rules; Reg E 12 CFR 1005.10(c))', () => {
  it("stops automatic debits at once, on the payment's first failure", () => {
    const history = [paid(1, '2026-10-01'), returned(2, '2026-11-02', 'R07', '2026-11-20')];
    expect(failedDebitStop(history).applies).toBe(false);
    expect(unauthorizedReturnStop(history, 2, book)).toEqual({
      applies: true,
      returned: history[1],
      sentence:
        "R07 (Authorization Revoked by Customer) is an unauthorized return (NACHA Operating Rules; Reg E, 12 CFR 1005.10(c)): automatic debits stop at once on all of the customer's loans, and payment 2 is never presented again.",
    });
  });

  it('stops even for a payment sent before a new authorization, and not for other returns', () => {
    expect(unauthorizedReturnStop([returned(2, '2026-11-02', 'R05', '2026-11-20')], 2, book).applies).toBe(true);
    expect(unauthorizedReturnStop([returned(2, '2026-11-02', 'R01', '2026-11-20')], 2, book)).toEqual({
      applies: false,
    });
    expect(unauthorizedReturnStop([paid(2, '2026-11-02')], 2, book)).toEqual({ applies: false });
    // Asked of the payment's latest return: an R07 long since recorded applied its stop then.
    const since = [returned(2, '2026-10-01', 'R07', '2026-10-05'), returned(2, '2026-11-02', 'R01', '2026-11-04')];
    expect(unauthorizedReturnStop(since, 2, book).applies).toBe(false);
  });

  it("writes the stop's reason as the loan card shows it, with the code's title", () => {
    expect(unauthorizedStopReason(returned(123, '2026-11-16', 'R07', '2026-11-20'), book)).toBe(
      "Automatic debits are off: the customer's bank returned payment 123 as R07 (Authorization Revoked by Customer) on Nov 20, 2026.",
    );
  });

  it('owes the consumer-rights notice only for a stop of two failures in a row (1041.9(c))', () => {
    expect(stopOwesConsumerRightsNotice({ bounceIds: [4, 5] })).toBe(true);
    expect(stopOwesConsumerRightsNotice({ bounceIds: [4] })).toBe(false);
  });
});

describe("a new authorization's rules", () => {
  const context = { stoppedAt: '2026-11-20T18:00:00Z', now: new Date('2026-11-21T17:00:00Z') };
  const valid = { method: 'written', givenAt: '2026-11-21T16:00:00Z', note: 'Signed form, scanned to the file' };

  it('needs how and when it was given', () => {
    expect(debitAuthorizationProblems(valid, context)).toEqual({});
    expect(debitAuthorizationProblems({ method: null, givenAt: null, note: valid.note }, context)).toEqual({
      method: 'Choose how the customer gave the authorization.',
      givenAt: 'Enter when the customer gave the authorization.',
    });
    expect(debitAuthorizationProblems({ ...valid, method: 'fax' }, context).method).toBeDefined();
  });

  it('is given after debits stopped and not in the future', () => {
    expect(debitAuthorizationProblems({ ...valid, givenAt: '2026-11-21T17:01:00Z' }, context)).toEqual({
      givenAt: 'The authorization cannot be given in the future.',
    });
    expect(debitAuthorizationProblems({ ...valid, givenAt: '2026-11-20T17:59:00Z' }, context)).toEqual({
      givenAt: 'The authorization must be given after automatic debits stopped.',
    });
  });

  it('says what was authorized and where it is kept, in a note of 10 to 2000 characters, whatever the method', () => {
    expect(DEBIT_AUTHORIZATION_NOTE_TOO_SHORT).toBe(
      'Write a note of at least 10 characters: what the customer authorized and where the authorization is kept (for a call, where its recording is).',
    );
    for (const method of ['written', 'electronic', 'recorded_call'])
      for (const note of ['', '  ', 'ok', 'verified', ' Signed   '])
        expect(debitAuthorizationProblems({ ...valid, method, note }, context)).toEqual({
          note: DEBIT_AUTHORIZATION_NOTE_TOO_SHORT,
        });
    expect(debitAuthorizationProblems({ ...valid, method: 'recorded_call', note: 'Call 44112' }, context)).toEqual({});
    expect(debitAuthorizationProblems({ ...valid, note: 'x'.repeat(2001) }, context)).toEqual({
      note: 'The note can be at most 2000 characters.',
    });
  });
});
