import { sessionCalls, type SessionResponse, type SignInRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// POST employees/sign_in. A 401 here means wrong credentials or code, not an expired session.
export function signIn(input: SignInRequest['employee']): Promise<SessionResponse> {
  return callApi(sessionCalls.signIn, { body: { employee: input } }, { signOutOnUnauthorized: false });
}
