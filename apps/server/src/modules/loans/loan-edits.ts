import { dollarsToCents, formatDollars, isCalendarDate, type LoanEditableField } from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, unprocessable } from '../../platform/http-error.ts';
import { lockLoanForChange } from './loan-card.ts';
import { isOpenPayment } from './loan-state.ts';
import * as repository from './repository.ts';
import type { LoanRecord } from './repository.ts';
import { runLoanChange } from './run-loan-change.ts';

// PATCH loans/edit_info {parameter, text, loan_id, force}: one field of the loan, typed as text,
// as the user card's fields are ('Invalid Entry for field: {field}' when it does not read).

const invalid = (field: LoanEditableField) => unprocessable(`Invalid Entry for field: ${field}`);
const DOLLARS = /^\$?\s*(\d{1,7}(?:,\d{3})*|\d+)(\.\d{1,2})?$/;

type Edit = { values: Partial<LoanRecord>; shown: string | null };

function readEdit(field: LoanEditableField, text: string): Edit {
  const value = text.trim();
  switch (field) {
    case 'maturity':
      if (!isCalendarDate(value)) throw invalid(field);
      return { values: { maturity: value }, shown: value };
    case 'settlement_min': {
      if (value === '') return { values: { settlementMinCents: null }, shown: null };
      const match = DOLLARS.exec(value);
      if (!match) throw invalid(field);
      const cents = dollarsToCents(Number(`${match[1]!.replaceAll(',', '')}${match[2] ?? ''}`));
      if (cents <= 0) throw invalid(field);
      return { values: { settlementMinCents: cents }, shown: formatDollars(cents) };
    }
    case 'deny_reason':
      if (value === '' || value.length > 100) throw invalid(field);
      return { values: { denyReason: value }, shown: value };
    case 'experiment':
      if (value.length > 100) throw invalid(field);
      return { values: { experiment: value === '' ? null : value }, shown: value === '' ? null : value };
  }
}

export function editLoanField(
  context: LoansDeps,
  actor: Actor,
  input: { loan_id: number; parameter: LoanEditableField; text: string; force?: boolean; lock_version?: number },
) {
  const edit = readEdit(input.parameter, input.text);
  return runLoanChange(context, async (tx) => {
    const { record: loan, payments } = await lockLoanForChange(tx, context, input.loan_id, input.lock_version);
    if (input.parameter === 'deny_reason' && !loan.deniedAt)
      throw conflict(`Loan ${loan.id} is not denied, so it has no deny reason to edit.`);
    // A maturity before a payment still to be collected contradicts the schedule: only on purpose.
    if (edit.values.maturity && input.force !== true) {
      const later = payments.find((payment) => isOpenPayment(payment) && payment.due > edit.values.maturity!);
      if (later)
        throw conflict(
          `Payment ${later.id} is due on ${later.due}, after the new maturity ${edit.values.maturity}; tick Force to save anyway.`,
        );
    }
    const before = Object.fromEntries(
      Object.keys(edit.values).map((key) => [key, loan[key as keyof LoanRecord] ?? null]),
    );
    await repository.updateLoan(tx, loan.id, edit.values);
    await recordAuditEvent(tx, {
      ...actor,
      action: 'loan.edited',
      entityType: 'loan',
      entityId: loan.id,
      before,
      after: { ...edit.values, forced: input.force === true },
    });
    const label = input.parameter.replace('_', ' ');
    return {
      loanId: loan.id,
      message:
        edit.shown === null ? `Loan ${loan.id}: ${label} cleared.` : `Loan ${loan.id}: ${label} is now ${edit.shown}.`,
    };
  });
}
