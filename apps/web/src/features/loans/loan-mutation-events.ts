import { createContext, useContext } from 'react';
import type { MutationEvents } from '../../lib/react-query.ts';

// The screen's MutationEvents for every loan and payment action inside the Loan Information panel:
// the panel takes them once and the cards, tables and dialogs below read them here, so no ticket (or
// user) id is passed down through each level.
const LoanMutationEvents = createContext<MutationEvents>({});

export const LoanMutationEventsProvider = LoanMutationEvents.Provider;

export function useLoanMutationEvents(): MutationEvents {
  return useContext(LoanMutationEvents);
}
