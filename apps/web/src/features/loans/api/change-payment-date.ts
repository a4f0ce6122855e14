import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type ChangePaymentDateInput = { pmt_id: number; date: string };

// PATCH payment_date {pmt_id, date}: moves a due payment (a weekday, today or later).
export function changePaymentDate(input: ChangePaymentDateInput): Promise<{ message: string }> {
  return apiRequest('payment_date', { method: 'PATCH', body: input, schema: actionResponse });
}

export function useChangePaymentDate(ticketId: number) {
  return useLoanAction(ticketId, changePaymentDate);
}
