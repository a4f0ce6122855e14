import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type CreditBounceFeeInput = { pmt_id: number };

// PATCH credit_bounce_fee {pmt_id}: waives the returned-payment fee.
export function creditBounceFee(input: CreditBounceFeeInput): Promise<{ message: string }> {
  return apiRequest('credit_bounce_fee', { method: 'PATCH', body: input, schema: actionResponse });
}

export function useCreditBounceFee(ticketId: number) {
  return useLoanAction(ticketId, creditBounceFee);
}
