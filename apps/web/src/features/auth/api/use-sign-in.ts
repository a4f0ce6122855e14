import { useMutation } from '@tanstack/react-query';
import type { SignInRequest } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';

// The call, the API client and the contracts (zod) load on demand: the sign-in screen shows
// without them. The sign-in screen fetches them once the form is in use, before anything else.
export const preloadSignIn = () => import('./sign-in.ts');

async function signIn(input: SignInRequest['employee']) {
  return (await preloadSignIn()).signIn(input);
}

// Storing the session is all it takes: the signed-out-only guard then leaves /login.
export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: saveSession });
}
