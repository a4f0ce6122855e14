import { useMutation } from '@tanstack/react-query';
import { letterCalls, type LetterRequest, type LetterResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/send_account_status {loan_id, send_email}: the letter saved to the customer's
// documents and, when send_email, emailed with the PDF attached. The modal shows the answer and
// any failure itself; the caller's onSuccess refreshes what lists documents.
export function sendAccountStatus(body: LetterRequest): Promise<LetterResponse> {
  return callApi(letterCalls.sendAccountStatus, { body });
}

export function useSendAccountStatus({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof sendAccountStatus> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendAccountStatus });
}
