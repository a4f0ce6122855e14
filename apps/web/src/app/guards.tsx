import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useSession } from '../lib/session.ts';

export type RedirectState = { from?: string };

function intendedPath(location: Location): string {
  const state: unknown = location.state;
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    // Only paths inside the app, never another origin.
    if (state.from.startsWith('/') && !state.from.startsWith('//')) return state.from;
  }
  return '/';
}

// Every route but /login and /enable-mfa: a signed-out visitor goes to /login, which brings them
// back here after sign-in.
export function RequireSignIn() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

// /login and /enable-mfa: a signed-in employee goes where they were headed, or to /.
export function SignedOutOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={intendedPath(location)} replace />;
  return <Outlet />;
}
