import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type CancelEarlyRepayInput = { pmt_id: number };

// DELETE early_repay {pmt_id}: cancels a scheduled early repayment.
export function cancelEarlyRepay(input: CancelEarlyRepayInput): Promise<{ message: string }> {
  return apiRequest('early_repay', { method: 'DELETE', query: input, schema: actionResponse });
}

export function useCancelEarlyRepay(ticketId: number) {
  return useLoanAction(ticketId, cancelEarlyRepay);
}
