import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type ToggleAchInput = { loan_id: number };

// PATCH toggle_ach {loan_id}: turns auto debit (ACH) on or off.
export function toggleAch(input: ToggleAchInput): Promise<{ message: string }> {
  return apiRequest('toggle_ach', { method: 'PATCH', body: input, schema: actionResponse });
}

export function useToggleAch(ticketId: number) {
  return useLoanAction(ticketId, toggleAch);
}
