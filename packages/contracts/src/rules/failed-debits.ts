import { addDays, formatNoticeDate } from './dates.ts';

// The failed-debit stop (12 CFR 1041.8(b)) and NACHA's re-presentment limits (Operating Rules,
// reinitiation), read from a customer's withdrawal history: every presentment of a debit on any of
// their loans with its outcome. Both rules live here, so the server's verdicts and the sentences
// staff read come from one place (decision 048).

// Two failed withdrawals in a row, across all of the customer's loans, stop automatic debits.
export const FAILED_WITHDRAWALS_THAT_STOP = 2;
// NACHA lets only insufficient (R01) and uncollected (R09) funds returns be presented again...
export const REPRESENTABLE_RETURN_CODES = ['R01', 'R09'] as const;
// ...at most twice for one original entry (three presentments in all)...
export const MAX_REPRESENTMENTS = 2;
// ...within 180 days of the original entry's settlement date (the day it was presented).
export const REPRESENTMENT_WINDOW_DAYS = 180;

// What the rules need to know of NACHA's return codes: each code's published title, and whether it
// is an unauthorized return (the codes NACHA counts in the unauthorized entry return rate, R05,
// R07, R10, R11, R29 and R51). The list is reference data (the server's ach-return-codes.json, a
// copy of ../shared/data with its source named), handed in, never retyped here.
export type ReturnCodeBook = {
  title: (code: string) => string;
  isUnauthorized: (code: string) => boolean;
};

export type WithdrawalOutcome =
  | { status: 'paid' }
  // Sent, outcome not known yet: neither a success nor a failure.
  | { status: 'pending' }
  | { status: 'returned'; code: string; returnedOn: string; bounceId?: number };

// One presentment of a debit: the payment it collects, the day it was sent (and the moment, when the
// Portal recorded it: payments.presented_at), what came of it, and the original entry it presents
// again (null for a first presentment).
export type Withdrawal = {
  paymentId: number;
  loanId: number;
  presentedOn: string;
  presentedAt?: string | null;
  outcome: WithdrawalOutcome;
  representsPaymentId: number | null;
  // The bank account it drew on, when the Portal knows it (the ACH file's entry); null or absent for
  // one it does not (a withdrawal from before the files).
  accountId?: number | null;
};
export type ReturnedWithdrawal = Withdrawal & { outcome: Extract<WithdrawalOutcome, { status: 'returned' }> };

const isReturned = (withdrawal: Withdrawal): withdrawal is ReturnedWithdrawal =>
  withdrawal.outcome.status === 'returned';

const describeReturn = (withdrawal: ReturnedWithdrawal) =>
  `${withdrawal.outcome.code} on ${formatNoticeDate(withdrawal.outcome.returnedOn)}`;

// The order the withdrawals were made in: by the day sent, then by the moment sent where both were
// recorded, then by payment (a re-presentment is a payment of its own, made after the one it presents
// again).
export function inPresentmentOrder(history: readonly Withdrawal[]): Withdrawal[] {
  return [...history].sort(
    (a, b) =>
      a.presentedOn.localeCompare(b.presentedOn) ||
      (a.presentedAt && b.presentedAt ? Date.parse(a.presentedAt) - Date.parse(b.presentedAt) : 0) ||
      a.paymentId - b.paymentId,
  );
}

export type StopVerdict =
  | { applies: true; failures: [ReturnedWithdrawal, ReturnedWithdrawal]; sentence: string }
  | { applies: false; sentence: string };

// 12 CFR 1041.8(b): the second of two consecutive failed withdrawals stops automatic debits on all
// of the customer's loans. Consecutive means next to each other in the order they were made: a
// success between them resets the count, and so does a withdrawal still pending (it is the failure's
// "previous payment transfer" until its outcome is known). But a transfer made the same day as a
// failed one counts as previous to it (1041.8(b)(2)(ii) and its comment 2): two failures on one day
// are consecutive whatever was made between them (A fails, B is paid, C fails, all on one day: C is
// the second failure). A re-presentment is a withdrawal too.
// Only withdrawals made on or after the latest new authorization count (1041.8(b)(2)(i)(C)).
// Every return counts as a failure: the regulation names insufficient funds, and stopping on any
// return is the safer reading (decision 048).
// The failures are counted per bank account (1041.8(b)(1): "from the account"; its commentary): two
// failures in a row on one account stop, one on each of two accounts does not. A withdrawal whose
// account the Portal does not know counts with every account (the safe side).
export function failedDebitStop(
  history: readonly Withdrawal[],
  options: { authorizedOn?: string | null } = {},
): StopVerdict {
  const counted = inPresentmentOrder(history).filter(
    (withdrawal) => !options.authorizedOn || withdrawal.presentedOn >= options.authorizedOn,
  );
  const accounts = [
    ...new Set(counted.flatMap((withdrawal) => (withdrawal.accountId == null ? [] : [withdrawal.accountId]))),
  ];
  if (accounts.length <= 1) return stopOnOneAccount(counted, options);
  const verdicts = accounts.map((account) =>
    stopOnOneAccount(
      counted.filter((withdrawal) => withdrawal.accountId == null || withdrawal.accountId === account),
      options,
    ),
  );
  const applying = verdicts
    .filter((verdict): verdict is Extract<StopVerdict, { applies: true }> => verdict.applies)
    .sort((a, b) => counted.indexOf(a.failures[1]) - counted.indexOf(b.failures[1]))[0];
  if (applying) return applying;
  // None applies: say it of the account the latest failure drew on.
  const latestFailure = counted.filter(isReturned).at(-1);
  const account = latestFailure?.accountId ?? accounts[0];
  return verdicts[Math.max(0, accounts.indexOf(account!))]!;
}

function stopOnOneAccount(counted: readonly Withdrawal[], options: { authorizedOn?: string | null }): StopVerdict {
  const since = options.authorizedOn ? ` since the new authorization of ${formatNoticeDate(options.authorizedOn)}` : '';
  for (let index = 1; index < counted.length; index += 1) {
    const current = counted[index]!;
    if (!isReturned(current)) continue;
    const before = counted[index - 1]!;
    const previous = isReturned(before)
      ? before
      : counted.slice(0, index).find((other) => isReturned(other) && other.presentedOn === current.presentedOn);
    if (previous && isReturned(previous))
      return {
        applies: true,
        failures: [previous, current],
        sentence:
          previous === before
            ? `Two withdrawals in a row failed (${describeReturn(previous)}, ${describeReturn(current)}): automatic debits stop on all of the customer's loans until a new authorization (12 CFR 1041.8(b)).`
            : `Two withdrawals sent the same day failed (${describeReturn(previous)}, ${describeReturn(current)}), which makes them consecutive: automatic debits stop on all of the customer's loans until a new authorization (12 CFR 1041.8(b)(2)(ii)).`,
      };
  }
  const last = counted.at(-1);
  const latestFailure = counted.filter(isReturned).at(-1);
  if (!latestFailure) return { applies: false, sentence: `No withdrawal has failed${since}.` };
  if (last === latestFailure)
    return {
      applies: false,
      sentence: `One failed withdrawal in a row (${describeReturn(latestFailure)}); a second one would stop automatic debits.`,
    };
  return {
    applies: false,
    sentence: `No two failed withdrawals in a row: the latest failure (${describeReturn(latestFailure)}) was followed by a withdrawal that did not fail.`,
  };
}

// What Portal writes as a stop's reason, which the loan card shows: the day debits stopped and the
// two returns that stopped them.
export function debitStopReason(stoppedOn: string, failures: readonly ReturnedWithdrawal[]): string {
  return `Automatic debits stopped on ${formatNoticeDate(stoppedOn)} after two consecutive returned withdrawals (${failures.map(describeReturn).join(', ')}).`;
}

export const NEW_AUTHORIZATION_NEEDED = 'A new authorization is needed.';
// What lifts any stop (decision 048, issue 37), said after its reason on the loan card and in refusals.
export const ONLY_COMPLIANCE_LIFTS_STOP = 'Only a new authorization, recorded by compliance, turns them back on.';

const returnNamed = (withdrawal: ReturnedWithdrawal, book: ReturnCodeBook) =>
  `${withdrawal.outcome.code} (${book.title(withdrawal.outcome.code)})`;

export type UnauthorizedStopVerdict =
  | { applies: true; returned: ReturnedWithdrawal; sentence: string }
  | { applies: false };

// An unauthorized return (NACHA Operating Rules: the customer says the debit was not authorized, or
// revoked the authorization; Reg E, 12 CFR 1005.10(c), lets a consumer stop preauthorized
// transfers) stops automatic debits at once on all of the customer's loans, without waiting for a
// second failure, and the entry is never presented again. Asked of the payment's latest return (the
// one just recorded); it applies whenever that return is unauthorized, even one sent before a new
// authorization: the bank's word is the latest fact, and staying stopped is the safe side.
export function unauthorizedReturnStop(
  history: readonly Withdrawal[],
  paymentId: number,
  book: ReturnCodeBook,
): UnauthorizedStopVerdict {
  const returned = latestReturnOf(history, paymentId);
  if (!returned || !book.isUnauthorized(returned.outcome.code)) return { applies: false };
  return {
    applies: true,
    returned,
    sentence: `${returnNamed(returned, book)} is an unauthorized return (NACHA Operating Rules; Reg E, 12 CFR 1005.10(c)): automatic debits stop at once on all of the customer's loans, and payment ${paymentId} is never presented again.`,
  };
}

// What Portal writes as the reason of a stop an unauthorized return applied, which the loan card
// shows, followed by ONLY_COMPLIANCE_LIFTS_STOP.
export function unauthorizedStopReason(returned: ReturnedWithdrawal, book: ReturnCodeBook): string {
  return `Automatic debits are off: the customer's bank returned payment ${returned.paymentId} as ${returnNamed(returned, book)} on ${formatNoticeDate(returned.outcome.returnedOn)}.`;
}

// A stop owes the consumer-rights notice (12 CFR 1041.9(c)) when 1041.8(b) applied it: it names the
// two failures in a row. A stop an unauthorized return alone applied names that one return and owes
// none (neither NACHA nor Reg E asks the lender for one).
export function stopOwesConsumerRightsNotice(stop: { bounceIds: readonly number[] }): boolean {
  return stop.bounceIds.length >= FAILED_WITHDRAWALS_THAT_STOP;
}

// "payments 9 and 11", or "payment 2 on Sep 8, 2026 and payment 2 on Sep 15, 2026" when one payment
// was sent more than once.
function presentmentsNamed(entries: readonly Withdrawal[]): string {
  const ids = entries.map((entry) => entry.paymentId);
  return new Set(ids).size === ids.length
    ? `payments ${ids.join(' and ')}`
    : entries.map((entry) => `payment ${entry.paymentId} on ${formatNoticeDate(entry.presentedOn)}`).join(' and ');
}

// The payment's latest return, or undefined.
function latestReturnOf(history: readonly Withdrawal[], paymentId: number): ReturnedWithdrawal | undefined {
  return inPresentmentOrder(history)
    .filter(
      (withdrawal): withdrawal is ReturnedWithdrawal => isReturned(withdrawal) && withdrawal.paymentId === paymentId,
    )
    .at(-1);
}

export type RepresentmentVerdict =
  | { allowed: true; originalPaymentId: number; attempt: number; sentence: string }
  | { allowed: false; sentence: string };

export type RepresentmentContext = {
  // The day the re-presentment would be sent.
  presentOn: string;
  // A failed-debit stop is in force for the customer (found before, or applied by this return).
  stopInForce: boolean;
  // The loan's automatic debits are on (off: the customer or staff turned them off, a bankruptcy).
  autoDebit: boolean;
  // Which returns are unauthorized (never presented again), and their titles.
  returnCodes: ReturnCodeBook;
};

// NACHA: a returned entry may be presented again only for an R01 or R09 return, at most twice for
// one original entry, within 180 days of the original's settlement; never when any return of the
// entry's chain (the original and each presentment of it again, the payment's own earlier returns
// too) was unauthorized; and never while a stop is in force (1041.8(b)) or while the loan's
// automatic debits are off. Asked of the payment's latest return.
export function representmentVerdict(
  history: readonly Withdrawal[],
  paymentId: number,
  context: RepresentmentContext,
): RepresentmentVerdict {
  const returned = latestReturnOf(history, paymentId);
  if (!returned) return { allowed: false, sentence: `Payment ${paymentId} has no return to present again.` };
  const chainOf = returned.representsPaymentId ?? returned.paymentId;
  const unauthorized = inPresentmentOrder(history).find(
    (withdrawal): withdrawal is ReturnedWithdrawal =>
      isReturned(withdrawal) &&
      (withdrawal.paymentId === chainOf || withdrawal.representsPaymentId === chainOf) &&
      context.returnCodes.isUnauthorized(withdrawal.outcome.code),
  );
  if (unauthorized) {
    const which =
      unauthorized.paymentId === paymentId
        ? `it came back`
        : `payment ${unauthorized.paymentId} (the same entry) came back`;
    return {
      allowed: false,
      sentence: `Payment ${paymentId} is never presented again: ${which} ${returnNamed(unauthorized, context.returnCodes)} on ${formatNoticeDate(unauthorized.outcome.returnedOn)}, and NACHA forbids presenting an unauthorized return again.`,
    };
  }
  if (context.stopInForce)
    return {
      allowed: false,
      sentence: `Payment ${paymentId} is not presented again: automatic debits are stopped for this customer after two failed withdrawals in a row. ${NEW_AUTHORIZATION_NEEDED}`,
    };
  if (!context.autoDebit)
    return {
      allowed: false,
      sentence: `Payment ${paymentId} is not presented again: automatic debits are off on loan ${returned.loanId}.`,
    };
  const { code } = returned.outcome;
  if (!(REPRESENTABLE_RETURN_CODES as readonly string[]).includes(code))
    return {
      allowed: false,
      sentence: `Payment ${paymentId} is not presented again: NACHA allows presenting again only R01 and R09 returns (insufficient or uncollected funds), and this one is ${code}.`,
    };
  const originalPaymentId = returned.representsPaymentId ?? returned.paymentId;
  // Each presentment of the entry after its first counts, whether it went out as a payment of its
  // own or as the returned payment sent again (a moved date is no way around the limit).
  const chain = inPresentmentOrder(history).filter(
    (entry) => entry.paymentId === originalPaymentId || entry.representsPaymentId === originalPaymentId,
  );
  const earlier = chain.slice(1);
  if (earlier.length >= MAX_REPRESENTMENTS)
    return {
      allowed: false,
      sentence: `Payment ${originalPaymentId} was already presented again twice (${presentmentsNamed(earlier)}); NACHA allows no more.`,
    };
  const original = inPresentmentOrder(history).find((entry) => entry.paymentId === originalPaymentId) ?? returned;
  const lastDay = addDays(original.presentedOn, REPRESENTMENT_WINDOW_DAYS);
  if (context.presentOn > lastDay)
    return {
      allowed: false,
      sentence: `Payment ${originalPaymentId} was first presented on ${formatNoticeDate(original.presentedOn)}; NACHA allows presenting it again only within ${REPRESENTMENT_WINDOW_DAYS} days, until ${formatNoticeDate(lastDay)}.`,
    };
  const attempt = earlier.length + 1;
  return {
    allowed: true,
    originalPaymentId,
    attempt,
    sentence: `Payment ${originalPaymentId} is presented again on ${formatNoticeDate(context.presentOn)} (re-presentment ${attempt} of ${MAX_REPRESENTMENTS}, ${code}).`,
  };
}

// How a customer gave a new authorization after a stop (12 CFR 1041.8(c)(3)): the database keeps
// the same list (packages/db schema `debitAuthorizationMethods`; the server checks they agree).
export const DEBIT_AUTHORIZATION_METHODS = ['written', 'electronic', 'recorded_call'] as const;
export type DebitAuthorizationMethod = (typeof DEBIT_AUTHORIZATION_METHODS)[number];
export const debitAuthorizationMethodLabels: Record<DebitAuthorizationMethod, string> = {
  written: 'In writing (signed)',
  electronic: 'Electronically (signed online)',
  recorded_call: 'On a recorded phone call',
};
export const DEBIT_AUTHORIZATION_NOTE_MAX = 2000;
// Lifting a stop is lifting a duty (convention 9): the note is its reason and its evidence, so one
// word ("ok", "verbal", "approved") is refused; ten characters is the least that names a signed
// form or a call's recording, and the sentence says what to write.
export const DEBIT_AUTHORIZATION_NOTE_MIN = 10;
export const DEBIT_AUTHORIZATION_NOTE_TOO_SHORT = `Write a note of at least ${DEBIT_AUTHORIZATION_NOTE_MIN} characters: what the customer authorized and where the authorization is kept (for a call, where its recording is).`;

export type DebitAuthorizationInput = { method: string | null; givenAt: string | null; note: string };
export type DebitAuthorizationProblems = Partial<Record<'method' | 'givenAt' | 'note', string>>;

// The new authorization's rules, in the dialog and on the server alike: how and when it was given,
// not in the future and not before the stop (the lender may ask for it only once the consumer
// rights notice is out, 1041.8(c)(3)(ii)); a note of at least DEBIT_AUTHORIZATION_NOTE_MIN
// characters saying what was authorized and where it is kept (a call given on the phone must be
// recorded and kept, 1041.8(c)(3)(iii)(B), so its note says where the recording is).
export function debitAuthorizationProblems(
  input: DebitAuthorizationInput,
  context: { stoppedAt: string; now: Date },
): DebitAuthorizationProblems {
  const problems: DebitAuthorizationProblems = {};
  if (!input.method || !(DEBIT_AUTHORIZATION_METHODS as readonly string[]).includes(input.method))
    problems.method = 'Choose how the customer gave the authorization.';
  const givenAt = input.givenAt ? Date.parse(input.givenAt) : Number.NaN;
  if (Number.isNaN(givenAt)) problems.givenAt = 'Enter when the customer gave the authorization.';
  else if (givenAt > context.now.getTime()) problems.givenAt = 'The authorization cannot be given in the future.';
  else if (givenAt < Date.parse(context.stoppedAt))
    problems.givenAt = 'The authorization must be given after automatic debits stopped.';
  const note = input.note.trim();
  if (note.length > DEBIT_AUTHORIZATION_NOTE_MAX)
    problems.note = `The note can be at most ${DEBIT_AUTHORIZATION_NOTE_MAX} characters.`;
  else if (note.length < DEBIT_AUTHORIZATION_NOTE_MIN) problems.note = DEBIT_AUTHORIZATION_NOTE_TOO_SHORT;
  return problems;
}
