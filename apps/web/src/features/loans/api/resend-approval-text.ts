import { useMutation } from '@tanstack/react-query';
import { resendApprovalTextResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

// POST users/resend_approval_text {loan_id}: texts the approval again. The panel shows the spec's
// own words inline ('Text Sent' / 'An error occured.'), so no error goes to the strip.
export function resendApprovalText(loanId: number): Promise<{ message: string }> {
  return apiRequest('users/resend_approval_text', { method: 'POST', body: { loan_id: loanId }, schema: resendApprovalTextResponse });
}

export function useResendApprovalText() {
  return useMutation({ mutationFn: resendApprovalText });
}
