import {
  bankruptcyStayFinding,
  dateInTimeZone,
  debitStopFinding,
  type BankruptcyCaseDates,
  type DutyAuditRule,
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
  const time = debit.presentedAt.getTime();
  const day = dateInTimeZone(debit.presentedAt, context.timeZone);
  const stop = facts.stops.find(
    (entry) => entry.stoppedAt.getTime() <= time && (entry.liftedAt === null || entry.liftedAt.getTime() > time),
  );
  const authorized = facts.authorizations.filter((given) => given.getTime() <= time).at(-1);
  // The door's own findings (contracts rules/debit-door.ts), on the facts as they stood then.
  const stopFinding = debitStopFinding(
    {
      stopInForce: stop ? { id: stop.id, reason: stop.reason } : null,
      authorizedOn: authorized ? dateInTimeZone(authorized, context.timeZone) : null,
      history: knownBefore(facts.history, debit, day),
    },
    context.returnCodes,
  );
  const stay = bankruptcyStayFinding(facts.cases, day);
  return [
    ...(stopFinding
      ? [
          stopFinding.duty === 'debit_stop'
            ? {
                rule: 'debit_stop' as const,
                sentence: `Presented while debit stop ${stop!.id} was in force (since ${stop!.stoppedAt.toISOString()}): ${stop!.reason}`,
              }
            : { rule: stopFinding.duty as DutyAuditRule, sentence: `Presented after: ${stopFinding.sentence}` },
        ]
      : []),
    ...(stay ? [{ rule: 'debit_bankruptcy_stay' as const, sentence: `Presented while: ${stay.sentence}` }] : []),
  ];
}
