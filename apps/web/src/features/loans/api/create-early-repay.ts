import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type CreateEarlyRepayInput = { loan_id: number; date: string };

// POST early_repay {loan_id, date}: schedules the payoff of the loan on date.
export function createEarlyRepay(input: CreateEarlyRepayInput): Promise<{ message: string }> {
  return apiRequest('early_repay', { method: 'POST', body: input, schema: actionResponse });
}

export function useCreateEarlyRepay(ticketId: number) {
  return useLoanAction(ticketId, createEarlyRepay);
}
