import { automaticStayOf, type BankruptcyCaseDates } from './automatic-stay.ts';
import {
  failedDebitStop,
  inPresentmentOrder,
  representmentVerdict,
  unauthorizedReturnStop,
  type ReturnCodeBook,
  type Withdrawal,
} from './failed-debits.ts';

// The door for money (issue 41, decision 068): the duties a debit must pass when it is put in the ACH
// file, judged from the facts the Portal holds at that moment, never from what a screen decided
// earlier. Each rule is the one the rest of the Portal applies (failed-debits.ts, automatic-stay.ts);
// the duty audit replays the first three against past days with the same function.

export const DEBIT_DUTIES = [
  'debit_stop',
  'failed_debit_stop',
  'unauthorized_return',
  'bankruptcy_stay',
  'auto_debit_off',
  'do_not_present',
  'no_bank_account',
  're_presentment_limit',
] as const;
export type DebitDuty = (typeof DEBIT_DUTIES)[number];

// What each duty is called on the screens.
export const DEBIT_DUTY_LABELS: Record<DebitDuty, string> = {
  debit_stop: 'Debit stop in force',
  failed_debit_stop: 'Two failed debits in a row',
  unauthorized_return: 'Unauthorized return',
  bankruptcy_stay: 'Bankruptcy stay',
  auto_debit_off: 'Automatic debits off',
  do_not_present: 'Do not present',
  no_bank_account: 'No usable bank account',
  re_presentment_limit: 'Re-presentment limit',
};

export type DebitDutyFinding = { duty: DebitDuty; sentence: string };

export type DebitStopFacts = {
  // The stop recorded and in force, if any.
  stopInForce: { id: number; reason: string } | null;
  // The day of the latest new authorization (12 CFR 1041.8(c)), if any.
  authorizedOn: string | null;
  // The customer's withdrawals as known at the moment judged (loans' withdrawalHistory).
  history: readonly Withdrawal[];
};

// The stop on the customer's debits: the one recorded, else the one the rules would have applied
// from the withdrawals known (two failures in a row since the latest authorization; an unauthorized
// return reported after it), so a stop the Portal failed to record still holds. Null when none.
export function debitStopFinding(facts: DebitStopFacts, returnCodes: ReturnCodeBook): DebitDutyFinding | null {
  if (facts.stopInForce)
    return {
      duty: 'debit_stop',
      sentence: `Debit stop ${facts.stopInForce.id} is in force: ${facts.stopInForce.reason}`,
    };
  const failed = failedDebitStop(facts.history, { authorizedOn: facts.authorizedOn });
  if (failed.applies) return { duty: 'failed_debit_stop', sentence: failed.sentence };
  const unauthorized = [...new Set(facts.history.map((withdrawal) => withdrawal.paymentId))]
    .map((paymentId) => unauthorizedReturnStop(facts.history, paymentId, returnCodes))
    .find(
      (verdict) => verdict.applies && (!facts.authorizedOn || verdict.returned.outcome.returnedOn > facts.authorizedOn),
    );
  if (unauthorized?.applies) return { duty: 'unauthorized_return', sentence: unauthorized.sentence };
  return null;
}

// The automatic stay on the day judged (11 U.S.C. 362(a)(6)), or null.
export function bankruptcyStayFinding(cases: readonly BankruptcyCaseDates[], day: string): DebitDutyFinding | null {
  const stay = automaticStayOf(cases, day);
  return stay
    ? {
        duty: 'bankruptcy_stay',
        sentence: `The customer's chapter ${stay.chapter} bankruptcy (case ${stay.caseNumber}) is open: the automatic stay forbids collecting (11 U.S.C. 362(a)(6)).`,
      }
    : null;
}

export type DebitAtDoor = {
  paymentId: number;
  loanId: number;
  // The original entry this payment presents again, if it is a re-presentment.
  representsPaymentId: number | null;
  // The loan's automatic debits are on.
  autoDebit: boolean;
  // The customer is marked do-not-present (DNP: never debit).
  customerDnp: boolean;
  // The bank account the debit would draw on (the customer's newest), or null when none is on file.
  // Readable: its sealed numbers open with the server's key (decision 070).
  account: { dnp: boolean; routingValid: boolean; readable: boolean } | null;
};

export type DebitDoorFacts = DebitStopFacts & { cases: readonly BankruptcyCaseDates[] };

// Whether a returned entry may go out again: any debit of a chain that came back (a re-presentment,
// or the returned payment itself sent again on a new date) passes NACHA's limits as the latest
// return of its chain is judged (representmentVerdict). Null for a first presentment.
function representmentFinding(
  debit: DebitAtDoor,
  history: readonly Withdrawal[],
  context: { presentOn: string; returnCodes: ReturnCodeBook },
): DebitDutyFinding | null {
  const chain = debit.representsPaymentId ?? debit.paymentId;
  const latest = inPresentmentOrder(history)
    .filter(
      (entry) =>
        entry.outcome.status === 'returned' && (entry.paymentId === chain || entry.representsPaymentId === chain),
    )
    .at(-1);
  if (!latest) {
    if (debit.representsPaymentId === null) return null;
    return {
      duty: 're_presentment_limit',
      sentence: `Payment ${debit.paymentId} presents payment ${chain} again, which has no return on record.`,
    };
  }
  const verdict = representmentVerdict(history, latest.paymentId, {
    presentOn: context.presentOn,
    stopInForce: false,
    autoDebit: true,
    returnCodes: context.returnCodes,
  });
  return verdict.allowed ? null : { duty: 're_presentment_limit', sentence: verdict.sentence };
}

function accountFinding(debit: DebitAtDoor): DebitDutyFinding | null {
  if (debit.customerDnp)
    return { duty: 'do_not_present', sentence: 'The customer is marked do not present (DNP): nothing is debited.' };
  if (!debit.account)
    return { duty: 'no_bank_account', sentence: 'The customer has no bank account on file to debit.' };
  if (debit.account.dnp)
    return { duty: 'do_not_present', sentence: "The customer's bank account is marked do not present (DNP)." };
  if (!debit.account.readable)
    return {
      duty: 'no_bank_account',
      sentence:
        "The numbers of the customer's bank account do not open with this server's key (sealed with another key, or altered): take the account again before debiting.",
    };
  if (!debit.account.routingValid)
    return {
      duty: 'no_bank_account',
      sentence: "The routing number of the customer's bank account fails its check digit: correct it before debiting.",
    };
  return null;
}

// Why this debit may not go out on `presentOn` (its effective date), or null when it may. The first
// duty that holds answers, in the order a reader would name them.
export function debitDoorRefusal(
  debit: DebitAtDoor,
  facts: DebitDoorFacts,
  context: { presentOn: string; returnCodes: ReturnCodeBook },
): DebitDutyFinding | null {
  return (
    debitStopFinding(facts, context.returnCodes) ??
    bankruptcyStayFinding(facts.cases, context.presentOn) ??
    (debit.autoDebit
      ? null
      : { duty: 'auto_debit_off', sentence: `Automatic debits are off on loan ${debit.loanId}.` }) ??
    accountFinding(debit) ??
    representmentFinding(debit, facts.history, context)
  );
}
