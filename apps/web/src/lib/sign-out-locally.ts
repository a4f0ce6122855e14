import { MESSAGES } from '@portal/contracts';
import { flashError } from './flash.ts';
import { queryClient } from './query-client.ts';
import { clearSession, readSession } from './session.ts';

// Forgets the employee on this device: all cookies, the in-memory session and every cached query.
// The route guards then send the browser to /login.
export function signOutLocally(): void {
  clearSession();
  queryClient.clear();
}

// What any 401 from the API does (spec 000 section 4).
export function handleUnauthorized(): void {
  const wasSignedIn = readSession() !== null;
  signOutLocally();
  if (wasSignedIn) flashError(MESSAGES.credentialsExpired);
}
