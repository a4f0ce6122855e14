import { useMutation } from '@tanstack/react-query';
import { ssnCalls, type RevealSsnRequest, type RevealSsnResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// POST users/reveal_ssn {user_id, reason}: the whole SSN, for holders of customers.reveal_ssn; the
// server records each reveal. Never cached: the answer lives in the button's state only.
export function revealSsn(input: RevealSsnRequest): Promise<RevealSsnResponse> {
  return callApi(ssnCalls.revealSsn, { body: input });
}

export function useRevealSsn() {
  return useMutation({ mutationFn: revealSsn, gcTime: 0 });
}
