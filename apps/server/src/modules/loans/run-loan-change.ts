import type { LoanActionResponse } from '@portal/contracts';
import type { Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import { readLoanCard } from './loan-card.ts';

// What a loans/ change did: its sentence, the loan it answers, and what to do once committed
// (deliver a queued email): side effects never run for a change that rolled back.
export type LoanChangeOutcome = { message: string; loanId: number; afterCommit?: () => Promise<void> };

// One loans/ call: lock, check, write and audit in one transaction (the change), then answer the
// loan as the card shows it, read in the same transaction so it is exactly what was committed.
export async function runLoanChange(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  change: (tx: Transaction) => Promise<LoanChangeOutcome>,
): Promise<LoanActionResponse> {
  const { response, afterCommit } = await context.db.transaction(async (tx) => {
    const outcome = await change(tx);
    const loan = await readLoanCard(tx, context, outcome.loanId);
    return { response: { message: outcome.message, loan }, afterCommit: outcome.afterCommit };
  });
  if (afterCommit) await afterCommit();
  return response;
}
