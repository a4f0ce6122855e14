import { useMutation } from '@tanstack/react-query';
import type { SignInRequest } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';

// The call, the API client and the contracts (zod) load on demand: the sign-in screen shows
// without them, and the app fetches them with the workspace once the form is in use.
async function signIn(input: SignInRequest['employee']) {
  return (await import('./sign-in.ts')).signIn(input);
}

// Storing the session is all it takes: the signed-out-only guard then leaves /login.
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: saveSession });
}
