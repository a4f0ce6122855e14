import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { CorrectionFileResponse } from '@portal/contracts';
import { creditReportAdjustments, type Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { businessToday } from '../../platform/business-date.ts';
import { findCustomersByIds, openCustomerSsn, type CustomerRecord } from '../customers/index.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { reportAccount } from './metro2-account.ts';
import { formatMetro2File, type Metro2BaseRecord, type Metro2Header } from './metro2-file.ts';
import { validateMetro2File } from './metro2-file-validator.ts';
import {
  ACCOUNT_TYPE_UNSECURED,
  ECOA_INDIVIDUAL,
  INTEREST_TYPE_FIXED,
  PORTFOLIO_TYPE,
  scheduledMonthlyPaymentCents,
  wholeDollars,
} from './metro2-wire.ts';
import { readReportedLoans, type ReportedLoan } from './reporting-loan.ts';
import { nextFileName, saveReportingFile } from './reporting-files.ts';

// POST cr_adj/correction_file: the Metro 2 correction file (426-character records: a header, one
// base segment per loan, a trailer) of every Delete and Resend adjustment still waiting for one.
// Each loan is written as the Portal reports it today, which the adjustment has already changed
// (Delete: account status DA). The adjustments are taken FOR UPDATE SKIP LOCKED and marked
// processed with the file, so two runs at once never send one twice. The file is checked against
// the record layout and each loan's disputes (its compliance condition code) before it is kept: a
// record the bureaus would refuse, or one misreporting a dispute, is a bug, not a file.

// The furnisher as the bureaus know it. Placeholders of the demo installation: the bureaus assign
// the identification number and program identifiers when a lender signs up to report.
const FURNISHER = {
  identificationNumber: 'PORTAL0001',
  reporterAddress: '100 Main Street, San Francisco, CA 94105',
  reporterTelephoneNumber: '4155550100',
  programDate: '2026-01-01',
};

export function correctionHeader(today: string): Metro2Header {
  return {
    identificationNumber: FURNISHER.identificationNumber,
    activityDate: today,
    dateCreated: today,
    programDate: FURNISHER.programDate,
    programRevisionDate: FURNISHER.programDate,
    reporterName: LENDER_NAME,
    reporterAddress: FURNISHER.reporterAddress,
    reporterTelephoneNumber: FURNISHER.reporterTelephoneNumber,
    softwareVendorName: LENDER_NAME,
    softwareVersionNumber: '1',
  };
}

type CustomerFacts = CustomerRecord;

const digitsOnly = (text: string | null) => (text ? text.replace(/\D/g, '') : '');

export function toBaseRecord(
  loan: ReportedLoan,
  customer: CustomerFacts,
  ssn: string | null,
  today: string,
): Metro2BaseRecord | null {
  const account = reportAccount(loan, today);
  if (!account || !account.reported) return null;
  const phone = digitsOnly(customer.phoneNumber).replace(/^1(?=\d{10}$)/, '');
  return {
    consumerAccountNumber: String(loan.id),
    portfolioType: PORTFOLIO_TYPE,
    accountType: ACCOUNT_TYPE_UNSECURED,
    dateOpened: loan.fundedOn ?? today,
    creditLimitDollars: 0,
    highestCreditDollars: wholeDollars(account.highestCreditCents),
    termsDuration: String(loan.installmentCount),
    termsFrequency: loan.termsFrequency,
    scheduledMonthlyPaymentDollars: account.dateClosed ? 0 : wholeDollars(scheduledMonthlyPaymentCents(loan)),
    actualPaymentAmountDollars: wholeDollars(account.actualPaymentCents),
    accountStatus: account.accountStatus,
    paymentRating: account.paymentRating,
    paymentHistoryProfile: account.paymentHistoryProfile,
    specialComment: null,
    complianceConditionCode: account.complianceConditionCode,
    currentBalanceDollars: wholeDollars(account.currentBalanceCents),
    amountPastDueDollars: wholeDollars(account.amountPastDueCents),
    originalChargeOffAmountDollars: wholeDollars(account.originalChargeOffCents),
    dateOfAccountInformation: today,
    dateOfFirstDelinquency: account.dateOfFirstDelinquency,
    dateClosed: account.dateClosed,
    dateOfLastPayment: account.dateOfLastPayment,
    interestTypeIndicator: INTEREST_TYPE_FIXED,
    surname: customer.lastName,
    firstName: customer.firstName,
    middleName: customer.middleInitial,
    generationCode: null,
    socialSecurityNumber: ssn && /^\d{9}$/.test(ssn) ? ssn : null,
    dateOfBirth: customer.birthday,
    telephoneNumber: phone.length === 10 ? phone : null,
    ecoaCode: ECOA_INDIVIDUAL,
    consumerInformationIndicator: account.consumerInformationIndicator,
    countryCode: 'US',
    firstLineOfAddress: customer.street ?? '',
    secondLineOfAddress: null,
    city: customer.city ?? '',
    state: customer.state ?? '',
    postalZipCode: digitsOnly(customer.zip),
    addressIndicator: null,
    residenceCode: null,
  };
}

async function lockPendingAdjustments(tx: Executor) {
  return tx
    .select({ id: creditReportAdjustments.id, loanId: creditReportAdjustments.loanId })
    .from(creditReportAdjustments)
    .where(and(eq(creditReportAdjustments.genAdjFile, true), isNull(creditReportAdjustments.processedAt)))
    .orderBy(asc(creditReportAdjustments.createdAt), asc(creditReportAdjustments.id))
    .for('update', { skipLocked: true });
}

export async function generateCorrectionFile(
  context: CreditReportingDeps,
  caller: Actor,
): Promise<CorrectionFileResponse> {
  const now = context.clock.now();
  const today = businessToday(context.clock, context.businessTimeZone);
  return context.db.transaction(async (tx) => {
    const pending = await lockPendingAdjustments(tx);
    if (pending.length === 0) return { message: 'No adjustments are waiting for a correction file.', file: null };
    // One record per loan, in the order its first adjustment came.
    const loanIds = [...new Set(pending.map((adjustment) => adjustment.loanId))];
    const loans = await readReportedLoans(tx, loanIds, context.businessTimeZone);
    const customerIds = [...new Set([...loans.values()].map((loan) => loan.customerId))];
    const customerRows = await findCustomersByIds(tx, customerIds);
    const customerById = new Map(customerRows.map((customer) => [customer.id, customer]));
    const records = loanIds.flatMap((loanId) => {
      const loan = loans.get(loanId);
      const customer = loan ? customerById.get(loan.customerId) : undefined;
      if (!loan || !customer) return [];
      const record = toBaseRecord(loan, customer, openCustomerSsn(context, customer.id, customer.ssnSealed), today);
      return record ? [record] : [];
    });
    const text = formatMetro2File(correctionHeader(today), records);
    // Each record's compliance condition code is checked against the loan's disputes as well.
    const facts = new Map([...loans.values()].map((loan) => [String(loan.id), { disputes: loan.disputes }]));
    const problems = validateMetro2File(text, facts).errors;
    if (problems.length > 0)
      throw new Error(`The correction file breaks the Metro 2 layout: ${problems.slice(0, 5).join('; ')}`);
    const fileName = await nextFileName(tx, 'metro2-corrections', today, 'txt');
    const file = await saveReportingFile(context, tx, caller, {
      kind: 'metro2_correction',
      fileName,
      content: Buffer.from(text, 'ascii'),
      recordCount: records.length,
      now,
    });
    await tx
      .update(creditReportAdjustments)
      .set({ processedAt: now, correctionFileId: file.id })
      .where(
        inArray(
          creditReportAdjustments.id,
          pending.map((adjustment) => adjustment.id),
        ),
      );
    const n = pending.length;
    return {
      message: `Wrote ${records.length} Metro 2 ${records.length === 1 ? 'record' : 'records'} for ${n} ${n === 1 ? 'adjustment' : 'adjustments'} in ${fileName}.`,
      file,
    };
  });
}
