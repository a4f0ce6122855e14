import { useMutation } from '@tanstack/react-query';
import { letterCalls, type FcraPacketRequest, type LetterResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';

// POST users/generate_fcra_packet {user_id, loan_id}: the customer's identity and the loan's
// reporting and payment history in one PDF, saved to the documents (never emailed).
export function generateFcraPacket(body: FcraPacketRequest): Promise<LetterResponse> {
  return callApi(letterCalls.generateFcraPacket, { body });
}

export function useGenerateFcraPacket({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof generateFcraPacket> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: generateFcraPacket });
}
