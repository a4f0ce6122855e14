import { centsToDollars, type LoanInfo, type UserInfo } from '@portal/contracts';
import { isActiveLoan, paymentState } from '../loans/index.ts';
import type { CommentRow, CustomerProfileRow, LoanRow, LoanWithPayments } from './detail-repository.ts';
import type { SuggestionState } from './suggest.ts';

// Pure mapping from the rows GET ticket loads to the wire shapes; no queries here. The loans
// themselves are the loans module's read model (toLoanInfo).

const DAY_MS = 86_400_000;
export const APPLIED_WITHIN_DAYS = 30;
export const APPROVED_WITHIN_DAYS = 14;

export function analyzeLoans(loans: readonly LoanRow[], now: Date) {
  const appliedSince = now.getTime() - APPLIED_WITHIN_DAYS * DAY_MS;
  const approvedSince = now.getTime() - APPROVED_WITHIN_DAYS * DAY_MS;
  const undecided = (loan: LoanRow) => loan.fundedAt === null && loan.deniedAt === null && loan.closedAt === null;
  const recentlyApproved = loans
    .filter((loan) => loan.approvedAt !== null && loan.approvedAt.getTime() >= approvedSince && undecided(loan))
    .sort((a, b) => (b.approvedAt?.getTime() ?? 0) - (a.approvedAt?.getTime() ?? 0))[0];
  return {
    active_loan: loans.filter(isActiveLoan).map((loan) => loan.id),
    applied_loan: loans
      .filter((loan) => loan.appliedAt.getTime() >= appliedSince && undecided(loan))
      .map((loan) => loan.id),
    recently_approved_loan: recentlyApproved?.id ?? null,
  };
}

export function eligibleMethods(
  profile: Pick<CustomerProfileRow, 'chargeableBank' | 'chargeableCard'>,
): LoanInfo['eligible_payment_methods'] {
  const methods: LoanInfo['eligible_payment_methods'] = [];
  if (profile.chargeableBank) methods.push('ach');
  if (profile.chargeableCard) methods.push('debit');
  return methods;
}

export function toUserInfo(profile: CustomerProfileRow, comments: readonly CommentRow[]): UserInfo {
  const { customer } = profile;
  return {
    id: customer.id,
    first_name: customer.firstName,
    middle_initial: customer.middleInitial,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phoneNumber,
    birthday: customer.birthday,
    verified: customer.verified,
    dnc: customer.dnc,
    dnl: customer.dnl,
    dnp: customer.dnp,
    street: customer.street,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
    cycle: customer.cycle,
    user_credit: centsToDollars(customer.userCreditCents),
    bank_account:
      profile.bankAccountNumber !== null && profile.bankAddedAt !== null
        ? {
            account_last4: profile.bankAccountNumber.slice(-4),
            routing: profile.bankRoutingNumber ?? '',
            added: profile.bankAddedAt.toISOString(),
            dnp: profile.bankDnp ?? false,
          }
        : null,
    debit_card:
      profile.cardLastFour !== null && profile.cardAddedAt !== null
        ? { last_four: profile.cardLastFour, added: profile.cardAddedAt.toISOString(), dnp: profile.cardDnp ?? false }
        : null,
    comments: comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      created_at: comment.createdAt.toISOString(),
      employee_name: comment.employeeName,
    })),
  };
}

// What the suggestion rules need to know about the account.
export function suggestionState(profile: CustomerProfileRow, loans: readonly LoanWithPayments[]): SuggestionState {
  const active = loans.filter(({ loan }) => isActiveLoan(loan));
  const newestActive = active
    .map(({ loan }) => loan)
    .sort((a, b) => (b.fundedAt?.getTime() ?? 0) - (a.fundedAt?.getTime() ?? 0))[0];
  const activePayments = active.flatMap(({ payments }) => payments);
  const due = activePayments
    .filter(({ payment }) => paymentState(payment) === 'due')
    .sort((a, b) => a.payment.due.localeCompare(b.payment.due));
  const next = due.find(({ payment }) => payment.type !== 'EarlyRepayment')?.payment;
  const early = due.find(({ payment }) => payment.type === 'EarlyRepayment')?.payment;
  const bounces = activePayments
    .flatMap(({ bounces: list }) => list)
    .sort((a, b) => b.bouncedOn.localeCompare(a.bouncedOn) || b.id - a.id);
  const latestBounce = bounces[0];
  return {
    firstName: profile.customer.firstName,
    email: profile.customer.email,
    activeLoanId: newestActive?.id ?? null,
    nextPayment: next
      ? { loanId: next.loanId, date: next.due, amountCents: next.expectedAmountCents, method: next.method }
      : null,
    earlyRepayment: early ? { loanId: early.loanId, date: early.due, amountCents: early.expectedAmountCents } : null,
    latestBounce: latestBounce ? { loanId: latestBounce.loanId, amountCents: latestBounce.amountCents } : null,
  };
}
