import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type TogglePaymentMethodInput = { pmt_id: number };

// PATCH toggle_payment_method {pmt_id}: switches a due payment between ACH and debit card.
export function togglePaymentMethod(input: TogglePaymentMethodInput): Promise<{ message: string }> {
  return apiRequest('toggle_payment_method', { method: 'PATCH', body: input, schema: actionResponse });
}

export function useTogglePaymentMethod(ticketId: number) {
  return useLoanAction(ticketId, togglePaymentMethod);
}
