import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type SmallerPaymentInput = { pmt_id: number; amt: number };

// PATCH smaller_payment {pmt_id, amt}: lowers a due payment to amt dollars (at least $25).
export function smallerPayment(input: SmallerPaymentInput): Promise<{ message: string }> {
  return apiRequest('smaller_payment', { method: 'PATCH', body: input, schema: actionResponse });
}

export function useSmallerPayment(ticketId: number) {
  return useLoanAction(ticketId, smallerPayment);
}
