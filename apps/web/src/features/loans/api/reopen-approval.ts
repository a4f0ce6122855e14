import { actionResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLoanAction } from './use-loan-action.ts';

export type ReopenApprovalInput = { loan_id: number };

// PATCH reopen_approval {loan_id}: reopens an approved loan that closed before funding.
export function reopenApproval(input: ReopenApprovalInput): Promise<{ message: string }> {
  return apiRequest('reopen_approval', { method: 'PATCH', body: input, schema: actionResponse });
}

export function useReopenApproval(ticketId: number) {
  return useLoanAction(ticketId, reopenApproval);
}
