import { AuthCard } from '../../components/auth-card.tsx';
import { preloadSignIn } from '../../features/auth/api/use-sign-in.ts';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { appLayout, workspace } from '../signed-in-screens.tsx';

let preloading = false;

// The first focus in the form (typing, a password manager, the button) fetches the sign-in call,
// then the signed-in shell and the workspace: they are here by the time sign-in answers. In this
// order, as the browser opens only a few connections at once and the call is needed first.
function preloadSignedIn() {
  if (preloading) return;
  preloading = true;
  // Failures are reported when the call is made or the screens render.
  void preloadSignIn()
    .catch(() => undefined)
    .then(() => Promise.all([appLayout.preload(), workspace.preload()]))
    .catch(() => undefined);
}

export function LoginRoute() {
  return (
    <AuthCard title="Sign in" description="Staff access only. Use your work email.">
      <div onFocus={preloadSignedIn}>
        <SignInForm />
      </div>
    </AuthCard>
  );
}
