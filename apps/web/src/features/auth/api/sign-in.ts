import { useMutation } from '@tanstack/react-query';
import { sessionCalls, type SessionResponse, type SignInRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';

// POST employees/sign_in. A 401 here means wrong credentials or code, not an expired session.
export function signIn(input: SignInRequest['employee']): Promise<SessionResponse> {
  return callApi(sessionCalls.signIn, { body: { employee: input } }, { signOutOnUnauthorized: false });
}

// Storing the session is all it takes: the signed-out-only guard then leaves /login.
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: saveSession });
}
