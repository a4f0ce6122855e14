import { useMutation } from '@tanstack/react-query';
import { loanCalls, type ResendApprovalTextResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/resend_approval_text {loan_id}: texts the approval again. The panel shows the spec's
// own words inline ('Text Sent' / 'An error occured.'), so no error goes to the strip.
export function resendApprovalText(loanId: number): Promise<ResendApprovalTextResponse> {
  return callApi(loanCalls.resendApprovalText, { body: { loan_id: loanId } });
}

export function useResendApprovalText({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof resendApprovalText> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resendApprovalText });
}
