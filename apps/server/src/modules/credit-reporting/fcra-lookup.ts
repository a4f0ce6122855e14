import type { FcraLookupResponse, ReportedConsumer } from '@portal/contracts';
import type { CreditReportingDeps } from './deps.ts';
import { businessToday } from '../../platform/business-date.ts';
import { notFound, unprocessable } from '../../platform/http-error.ts';
import { historyGrid, reportAccount } from './metro2-account.ts';
import { toPaymentDetails, toWireAccount } from './metro2-wire.ts';
import { readReportedLoans } from './reporting-loan.ts';
import { findLatestBankruptcy } from '../bankruptcies/index.ts';
import { findRecentComments } from '../customers/index.ts';
import { findLoanIdsOfCustomer } from '../loans/index.ts';
import { findLoanAdjustments, findReportedCustomer, type ReportedCustomer } from './repository.ts';

// GET fcra_dashboard/fcra_lookup {loan_id, report_date}: the loan as the Portal reported it on that
// date (spec 001 section 2): its Metro 2 account, the consumer, the payments, past adjustments, the
// 7-year grid; the customer (DNC, DNL, bankruptcy, notes) and their other loans. Reads only.

export const HISTORY_YEARS = 7;

export function toReportedConsumer(customer: ReportedCustomer): ReportedConsumer {
  return {
    first_name: customer.firstName,
    middle_name: customer.middleInitial,
    last_name: customer.lastName,
    generation_code: null,
    ssn_last4: customer.ssnLast4,
    birthday: customer.birthday,
    phone_number: customer.phoneNumber,
    street: customer.street,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
  };
}

export function toWireBankruptcy(row: NonNullable<Awaited<ReturnType<typeof findLatestBankruptcy>>>) {
  return {
    case_code: row.caseNumber,
    b_type: row.chapter,
    court_district: row.courtDistrict,
    filed: row.filedOn,
    discharged: row.dischargedOn,
    dismissed: row.dismissedOn,
    consumer_information_indicator: row.consumerInformationIndicator,
  };
}

export async function lookUpLoan(
  context: CreditReportingDeps,
  loanId: number,
  reportDate: string | undefined,
): Promise<FcraLookupResponse> {
  const today = businessToday(context.clock, context.businessTimeZone);
  const date = reportDate ?? today;
  if (date > today) throw unprocessable(`The report date cannot be after today (${today}).`);
  const zone = context.businessTimeZone;
  const db = context.db;
  const [first] = [...(await readReportedLoans(db, [loanId], zone)).values()];
  if (!first) throw notFound(`Loan ${loanId} was not found.`);
  const customerId = first.customerId;
  const customer = await findReportedCustomer(db, customerId);
  const bankruptcy = await findLatestBankruptcy(db, customerId);
  const comments = await findRecentComments(db, customerId);
  const adjustments = await findLoanAdjustments(db, loanId);
  const customerLoanIds = await findLoanIdsOfCustomer(db, customerId);
  if (!customer) throw notFound(`Loan ${loanId} was not found.`);
  const otherIds = customerLoanIds.filter((id) => id !== loanId);
  const others = await readReportedLoans(db, otherIds, zone);
  const account = reportAccount(first, date);
  return {
    report_date: date,
    loan: {
      id: loanId,
      status: first.status,
      // No refinance is recorded between the Portal's loans: the chain is the loan itself.
      refinance_chain_ids: [loanId],
      account: account ? toWireAccount(first, account) : null,
      consumer: toReportedConsumer(customer),
      payment_detail: toPaymentDetails(first, date, zone),
      past_adjustments: adjustments.map((row) => ({
        id: row.id,
        adj_type: row.adjType as 'delete' | 'resend' | 'do_not_report',
        reason: row.reason,
        processed: row.processedAt !== null,
        gen_adj_file: row.genAdjFile,
        source: row.source,
        created_at: row.createdAt.toISOString(),
        created_by: row.createdBy,
      })),
      history: historyGrid(first, date, HISTORY_YEARS),
    },
    user: {
      id: customer.id,
      dnc: customer.dnc,
      dnl: customer.dnl,
      bankruptcy: bankruptcy ? toWireBankruptcy(bankruptcy) : null,
      comments: comments.map((row) => ({
        body: row.body,
        created_at: row.createdAt.toISOString(),
        employee: row.employee,
      })),
    },
    additional_loans: otherIds.flatMap((id) => {
      const loan = others.get(id);
      if (!loan) return [];
      const reported = reportAccount(loan, date);
      return [
        {
          id,
          status: loan.status,
          current_balance: (reported?.currentBalanceCents ?? 0) / 100,
          accepted: loan.acceptedOn,
          cash_advanced: loan.cashAdvancedCents === null ? null : loan.cashAdvancedCents / 100,
          payment_detail: toPaymentDetails(loan, date, zone),
        },
      ];
    }),
  };
}
