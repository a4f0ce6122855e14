import { BACK_OFFICE_LEASE_MINUTES } from '@portal/contracts';

// The server's sentences of the bankruptcy dashboard; the spec's own are NOTICE_MESSAGES (contracts).
export const NOTICE_ERRORS = {
  notFound: 'The requested bankruptcy notice could not be found.',
  alreadyProcessed: (id: number) => `Notice #${id} is already processed.`,
  leaseGone: (id: number) =>
    `Notice #${id} is no longer assigned to you: it was released after ${BACK_OFFICE_LEASE_MINUTES} minutes without activity. Open it again to go on.`,
  notAssigned: (id: number) => `Notice #${id} is not assigned to you. Open it to take it first.`,
  fileMissing: (id: number) => `The file of notice #${id} is missing from storage.`,
  userNotFound: (id: number) => `User #${id} was not found.`,
};
