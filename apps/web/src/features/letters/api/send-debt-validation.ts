import { useMutation } from '@tanstack/react-query';
import { letterCalls, type LetterRequest, type LetterResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/send_debt_validation {loan_id, send_email}: the debt validation notice saved to the
// customer's documents (the user page sends send_email false: it only generates the letter).
export function sendDebtValidation(body: LetterRequest): Promise<LetterResponse> {
  return callApi(letterCalls.sendDebtValidation, { body });
}

export function useSendDebtValidation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof sendDebtValidation> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendDebtValidation });
}
