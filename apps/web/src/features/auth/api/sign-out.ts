import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, sessionCalls } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { isUnauthorized } from '../../../lib/api-error.ts';
import { flashError } from '../../../lib/flash.ts';
import { signOutLocally } from '../../../lib/sign-out-locally.ts';

// DELETE employees/sign_out revokes the token on the server.
export function signOut(): Promise<unknown> {
  return callApi(sessionCalls.signOut, {}, { signOutOnUnauthorized: false });
}

// Log Out always signs out on this device; a failed call only adds a warning. A 401 means the
// token was already gone, which is what we wanted, so it is not reported.
export function useSignOut() {
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  const run = useCallback(async () => {
    setIsPending(true);
    let failed = false;
    try {
      await signOut();
    } catch (error) {
      failed = !isUnauthorized(error);
    }
    signOutLocally();
    if (failed) flashError(MESSAGES.signOutFailed);
    setIsPending(false);
    void navigate('/login', { replace: true });
  }, [navigate]);

  return { signOut: run, isPending };
}
