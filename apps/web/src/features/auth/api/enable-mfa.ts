import { useMutation } from '@tanstack/react-query';
import { sessionCalls, type EnableMfaRequest, type EnableMfaResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// POST enable_2fa: answers the otpauth:// URI to show as a QR code.
export function enableMfa(input: EnableMfaRequest): Promise<EnableMfaResponse> {
  return callApi(sessionCalls.enableMfa, { body: input }, { signOutOnUnauthorized: false });
}

export function useEnableMfa() {
  return useMutation({ mutationFn: enableMfa });
}
