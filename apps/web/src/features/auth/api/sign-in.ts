import { useMutation } from '@tanstack/react-query';
import { sessionResponse, type SessionResponse, type SignInRequest } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

export type SignInInput = { email: string; password: string; otp: string };

// POST employees/sign_in. A 401 here means wrong credentials or code, not an expired session.
export function signIn(input: SignInInput): Promise<SessionResponse> {
  const body: SignInRequest = { employee: input };
  return apiRequest('employees/sign_in', {
    method: 'POST',
    body,
    schema: sessionResponse,
    signOutOnUnauthorized: false,
  });
}

// Storing the session is all it takes: the signed-out-only guard then leaves /login.
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: saveSession });
}
