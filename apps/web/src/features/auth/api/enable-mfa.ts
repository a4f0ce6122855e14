import { useMutation } from '@tanstack/react-query';
import { enableMfaResponse, type EnableMfaRequest, type EnableMfaResponse } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

// POST enable_2fa: answers the otpauth:// URI to show as a QR code.
export function enableMfa(input: EnableMfaRequest): Promise<EnableMfaResponse> {
  return apiRequest('enable_2fa', {
    method: 'POST',
    body: input,
    schema: enableMfaResponse,
    signOutOnUnauthorized: false,
  });
}

export function useEnableMfa() {
  return useMutation({ mutationFn: enableMfa });
}
