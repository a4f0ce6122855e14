import {
  automaticStayOf,
  dateInTimeZone,
  failedDebitStop,
  unauthorizedReturnStop,
  type BankruptcyCaseDates,
  type ReturnCodeBook,
  type Withdrawal,
} from '@portal/contracts';
import type { DutyFinding } from './message-duties.ts';

// A debit replayed against the debit duties as they stood when it was presented (decision 048): a
// debit stop recorded and in force; else the stop the rules themselves would have applied, from the
// withdrawals and returns known then (12 CFR 1041.8(b): two failures in a row; NACHA: an
// unauthorized return), so a stop the Portal failed to record is still caught; and the automatic
// stay of an open bankruptcy (11 U.S.C. 362(a)(6)).

export type DebitFacts = {
  stops: readonly { id: number; stoppedAt: Date; liftedAt: Date | null; reason: string }[];
  // When the customer gave each new authorization (12 CFR 1041.8(c)).
  authorizations: readonly Date[];
  // Every presentment of the customer's payments with its outcome (loans' withdrawalHistory).
  history: readonly Withdrawal[];
  cases: readonly BankruptcyCaseDates[];
};

export type PresentedDebit = { paymentId: number; presentedAt: Date };

// The withdrawals known when the debit was presented: those made before it (on an earlier day, or
// earlier that day where the moment was recorded), each return counted once the bank had reported
// it (its day before the debit's: a return's day is all that is recorded of it); one reported later
// was, at that moment, a withdrawal still pending. The debit's own outcome is not yet known.
function knownBefore(history: readonly Withdrawal[], debit: PresentedDebit, day: string): Withdrawal[] {
  const time = debit.presentedAt.getTime();
  return history.flatMap((withdrawal): Withdrawal[] => {
    const reported = withdrawal.outcome.status === 'returned' && withdrawal.outcome.returnedOn < day;
    if (withdrawal.paymentId === debit.paymentId && !reported) return [];
    const before =
      withdrawal.presentedOn < day ||
      (withdrawal.presentedOn === day && withdrawal.presentedAt != null && Date.parse(withdrawal.presentedAt) < time);
    if (!before) return [];
    return withdrawal.outcome.status === 'returned' && !reported
      ? [{ ...withdrawal, outcome: { status: 'pending' } }]
      : [withdrawal];
  });
}

export function debitBreaches(
  debit: PresentedDebit,
  facts: DebitFacts,
  context: { timeZone: string; returnCodes: ReturnCodeBook },
): DutyFinding[] {
  const found: DutyFinding[] = [];
  const time = debit.presentedAt.getTime();
  const day = dateInTimeZone(debit.presentedAt, context.timeZone);
  const stop = facts.stops.find(
    (entry) => entry.stoppedAt.getTime() <= time && (entry.liftedAt === null || entry.liftedAt.getTime() > time),
  );
  if (stop)
    found.push({
      rule: 'debit_stop',
      sentence: `Presented while debit stop ${stop.id} was in force (since ${stop.stoppedAt.toISOString()}): ${stop.reason}`,
    });
  else {
    const authorized = facts.authorizations.filter((given) => given.getTime() <= time).at(-1);
    const authorizedOn = authorized ? dateInTimeZone(authorized, context.timeZone) : null;
    const known = knownBefore(facts.history, debit, day);
    const failed = failedDebitStop(known, { authorizedOn });
    if (failed.applies) found.push({ rule: 'failed_debit_stop', sentence: `Presented after: ${failed.sentence}` });
    // An unauthorized return stops debits until a new authorization given after it.
    const unauthorized = [...new Set(known.map((withdrawal) => withdrawal.paymentId))]
      .map((paymentId) => unauthorizedReturnStop(known, paymentId, context.returnCodes))
      .find((verdict) => verdict.applies && (!authorizedOn || verdict.returned.outcome.returnedOn > authorizedOn));
    if (unauthorized?.applies)
      found.push({ rule: 'unauthorized_return', sentence: `Presented after: ${unauthorized.sentence}` });
  }
  const stay = automaticStayOf(facts.cases, day);
  if (stay)
    found.push({
      rule: 'debit_bankruptcy_stay',
      sentence: `Presented while the customer's chapter ${stay.chapter} bankruptcy (case ${stay.caseNumber}) was open and the automatic stay in force (11 U.S.C. 362(a)(6)).`,
    });
  return found;
}
