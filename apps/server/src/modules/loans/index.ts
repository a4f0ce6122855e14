// The loans module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { LoansDeps } from './deps.ts';
import { registerAchRoutes } from './ach-routes.ts';
import { registerLoanRoutes } from './routes.ts';
import { registerLoanServicingRoutes } from './servicing-routes.ts';

// The loan read model (loan info, payment state, payoff) lives in this module alone.

export type { LoanRecord, PaymentRecord } from './repository.ts';
export { findLoan } from './repository.ts';

// The one way other modules write a loan: its version goes up, so a loan card open on the old state
// is refused, not overwritten. Their audit events stay theirs.
export { updateLoan } from './repository.ts';
// The same, with each loan's audit event saying why (the failed-debit stop records its stops so;
// a bankruptcy's stay can too, rather than its own loop).
export { stopAutoDebitsWithReason } from './debit-stop.ts';
export type { PaymentState } from './loan-state.ts';
export { isActiveLoan, paymentState, principalOf } from './loan-state.ts';

// Reads other modules need of loans, payments and statements.
export type { FundedLoanRow, StatementRecord } from './loan-reads.ts';
export {
  countUnpaidDue,
  findActiveLoanIds,
  findCustomerIdOfLoan,
  findCustomerIdOfPayment,
  findCustomerIdsOfLoans,
  findFundedLoansOfCustomers,
  findLoanIdsOfCustomer,
  findLoansByIds,
  findPaymentsOfLoans,
  findPaymentsWithBounces,
  findStatement,
  findStatementsOfCustomer,
  lockLoanKeyShare,
} from './loan-reads.ts';
export { payoffCentsAsOf, payoffCentsOn } from './payoff.ts';
// A customer's active loans as a customer is told about them: payoff today, next and past due.
export type { ActiveLoanFigures } from './loan-figures.ts';
export { findActiveLoanFigures } from './loan-figures.ts';
// A customer's withdrawals as the failed-debit rules read them, and NACHA's return codes (the duty
// audit replays debits with both).
export { withdrawalHistory } from './withdrawal-history.ts';
export { findPaymentsWithBouncesOfCustomers } from './debit-stop-repository.ts';
export { returnCodeBook } from './return-codes.ts';
export type { LoanInfoContext } from './loan-info.ts';
export { payoffBreakdownToday, toLoanInfo } from './loan-info.ts';
export { eligiblePaymentMethods, methodsOfChargeable } from './payment-methods.ts';
export { reopenApproval, toggleAutoDebit } from './loan-changes.ts';
export { createLargerPayment } from './larger-payment.ts';
export { resendApprovalText, sendPayoffBalance } from './loan-messages.ts';
export type { LoanJsonRow } from './customer-loans-json.ts';
export { customerLoansJson, decodeCustomerLoans } from './customer-loans-json.ts';
export { closeApplication } from './close-application.ts';
// A customer's whole debit history (the evidence pack, decision 050).
export { findDebitAuthorizationsOfCustomer, findDebitStopsOfCustomer } from './debit-history.ts';
export {
  debitAuthorizationIdsOfCustomer,
  debitStopIdsOfCustomer,
  loanIdsOfCustomer,
  paymentIdsOfCustomer,
} from './customer-subqueries.ts';

// A customer's payments and returns for their timeline on the user page (issue 40).
export { findPaymentEventsPage, findReturnsPage } from './timeline-reads.ts';

// The customer app's payment changes (modules/customer-app) run the staff's own code (decision 036).
export { findPayment } from './repository.ts';
export { lockPaymentForChange } from './loan-card.ts';
export { applyReschedule, applyToggleMethod } from './payment-changes.ts';

// The loans module (decision 045): the ticket view's account actions and the loan card's calls,
// registered from their descriptors.
// The refunds, credits, settlements and invalidations a second employee approved, carried out.
export { loanApprovalCarriers } from './approval-carriers.ts';

export function createLoansModule(deps: LoansDeps): PortalModule {
  return {
    registerRoutes: (app) => {
      registerLoanRoutes(app, deps);
      registerLoanServicingRoutes(app, deps);
      registerAchRoutes(app, deps);
    },
  };
}
