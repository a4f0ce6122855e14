import { useMutation } from '@tanstack/react-query';
import { letterCalls, type FcraPacketRequest, type LetterRequest, type LetterResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

export type LetterKind = 'account_status' | 'debt_validation';

// POST users/send_account_status or users/send_debt_validation {loan_id, send_email}.
export function issueLetter({ kind, ...body }: LetterRequest & { kind: LetterKind }): Promise<LetterResponse> {
  const call = kind === 'account_status' ? letterCalls.sendAccountStatus : letterCalls.sendDebtValidation;
  return callApi(call, { body });
}

// POST users/generate_fcra_packet {user_id, loan_id}.
export function generateFcraPacket(body: FcraPacketRequest): Promise<LetterResponse> {
  return callApi(letterCalls.generateFcraPacket, { body });
}

// The modal shows its own success and failure states, so nothing is flashed; the screen's
// mutationConfig refreshes what lists documents.
function useLetterMutation<Input>(
  call: (input: Input) => Promise<LetterResponse>,
  mutationConfig: MutationConfig<(input: Input) => Promise<LetterResponse>> = {},
) {
  return useMutation({ ...mutationConfig, mutationFn: call });
}

export function useIssueLetter({ mutationConfig }: { mutationConfig?: MutationConfig<typeof issueLetter> } = {}) {
  return useLetterMutation(issueLetter, mutationConfig);
}

export function useGenerateFcraPacket({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof generateFcraPacket> } = {}) {
  return useLetterMutation(generateFcraPacket, mutationConfig);
}
