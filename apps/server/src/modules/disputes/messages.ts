import { BACK_OFFICE_LEASE_MINUTES } from '@portal/contracts';

// The refusals of the disputes calls that the spec leaves to us (its own sentences are in
// @portal/contracts DISPUTE_MESSAGES).
export const DISPUTE_ERRORS = {
  notFound: (id: number) => `Dispute #${id} was not found.`,
  alreadyResolved: (id: number) => `Dispute #${id} is already resolved.`,
  leaseLost: (id: number) =>
    `Dispute #${id} is no longer assigned to you: it was released after ${BACK_OFFICE_LEASE_MINUTES} minutes without activity. Open it again to go on.`,
  notAssigned: (id: number) => `Dispute #${id} is not assigned to you. Open it to take it first.`,
  documentMissing: (id: number) => `The document of dispute #${id} was not found.`,
  userNotFound: (id: number) => `User #${id} was not found.`,
  loanNotFound: (id: number) => `Loan #${id} was not found.`,
  loanNotOfUser: (loanId: number, userId: number) => `Loan #${loanId} does not belong to user #${userId}.`,
};
