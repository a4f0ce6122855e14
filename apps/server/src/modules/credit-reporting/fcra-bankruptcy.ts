import {
  FCRA_MESSAGES,
  fcraBankruptcyProblems,
  type BankruptcyActionResponse,
  type FcraBankruptcyKind,
} from '@portal/contracts';
import { consumerInformationIndicator } from '@portal/contracts/metro2';
import type { Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { findCustomerBankruptcyByCaseDigits } from '../bankruptcies/index.ts';
import { recordCustomerBankruptcy } from '../bankruptcy-notices/index.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { lockLoanKeyShare } from '../loans/index.ts';
import { toWireBankruptcy } from './fcra-lookup.ts';

// POST fcra_dashboard/fcra_file_bankruptcy and PATCH fcra_dashboard/fcra_discharge_bankruptcy
// (spec 001 sections 3, 5): staff record a case on the loan's customer, as a processed notice
// would. What is reported changes from the date given: the petition's indicator (A/D) from the
// filing, the discharge's (E/H) and a closed, zero-balance account from the discharge. A case code
// names one case of the customer whatever its punctuation ('24-10234' and 2410234 are one case).

type Form = { id: string; case_code: string; b_type: string; date: string };

async function lockLoanCustomer(tx: Executor, loanId: number): Promise<number | null> {
  return (await lockLoanKeyShare(tx, loanId))?.customerId ?? null;
}

const KIND_WORDS: Record<FcraBankruptcyKind, { action: string; message: string }> = {
  file: { action: 'credit_reporting.bankruptcy_filed', message: FCRA_MESSAGES.filed },
  discharge: { action: 'credit_reporting.bankruptcy_discharged', message: FCRA_MESSAGES.discharged },
};

export async function recordFcraBankruptcy(
  context: CreditReportingDeps,
  caller: Actor,
  kind: FcraBankruptcyKind,
  form: Form,
): Promise<BankruptcyActionResponse> {
  const today = businessToday(context.clock, context.businessTimeZone);
  const problems = fcraBankruptcyProblems(form, kind, today);
  if (problems.length > 0) throw unprocessable(problems.map((problem) => problem.message));
  const loanId = Number(form.id);
  const chapter = Number(form.b_type) as 7 | 13;
  const now = context.clock.now();

  return context.db.transaction(async (tx) => {
    const customerId = await lockLoanCustomer(tx, loanId);
    if (customerId === null) throw notFound(`Loan ${loanId} was not found.`);
    const existing = await findCustomerBankruptcyByCaseDigits(tx, customerId, form.case_code);
    if (kind === 'discharge' && existing?.filedOn && form.date < existing.filedOn)
      throw conflict(
        `Case ${existing.caseNumber} was filed on ${existing.filedOn}; it cannot be discharged before that.`,
      );
    if (kind === 'file' && existing?.dischargedOn && form.date > existing.dischargedOn)
      throw conflict(
        `Case ${existing.caseNumber} was discharged on ${existing.dischargedOn}; it cannot be filed after that.`,
      );
    const dischargedOn = kind === 'discharge' ? form.date : (existing?.dischargedOn ?? null);
    const indicator = consumerInformationIndicator(dischargedOn ? 'discharge' : 'petition', chapter).code;
    const { bankruptcy, stoppedLoanIds } = await recordCustomerBankruptcy(
      tx,
      caller,
      {
        customerId,
        caseNumber: existing?.caseNumber ?? form.case_code,
        chapter,
        courtDistrict: null,
        filedOn: kind === 'file' ? form.date : null,
        dischargedOn: kind === 'discharge' ? form.date : null,
        dismissedOn: null,
        convertedOn: null,
        planConfirmedOn: null,
        consumerInformationIndicator: indicator,
        lastNoticeId: null,
        now,
      },
      {
        reason: `Bankruptcy ${kind === 'file' ? 'filed' : 'discharged'} on the FCRA lookup`,
        context: { loan_id: loanId },
      },
    );
    const what = kind === 'file' ? `filed ${form.date}` : `discharged ${form.date}`;
    const debits =
      stoppedLoanIds.length === 0
        ? ''
        : ` Automatic debits stopped on ${stoppedLoanIds.length === 1 ? 'loan' : 'loans'} ${stoppedLoanIds.map((id) => `#${id}`).join(', ')}.`;
    const detail = `Chapter ${chapter} case ${bankruptcy.caseNumber} ${what}: reported with consumer information indicator ${indicator} from ${form.date}.${debits}`;
    await writeCustomerComment(tx, caller, {
      customerId,
      body: `FCRA: bankruptcy ${kind === 'file' ? 'filed' : 'discharged'} (loan #${loanId}). ${detail}`,
      at: now,
      context: { customer_bankruptcy_id: bankruptcy.id, loan_id: loanId },
    });
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: KIND_WORDS[kind].action,
      entityType: 'customer',
      entityId: customerId,
      before: existing ? toWireBankruptcy(existing) : null,
      after: { ...toWireBankruptcy(bankruptcy), loan_id: loanId, auto_debit_stopped_loan_ids: stoppedLoanIds },
      ipAddress: caller.ipAddress,
    });
    return { message: KIND_WORDS[kind].message, detail, bankruptcy: toWireBankruptcy(bankruptcy) };
  });
}
