import { AuthCard } from '../../components/auth-card.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';
import { preloadSignedInScreens } from '../signed-in-screens.ts';

export function LoginRoute() {
  return (
    <AuthCard title="Sign in" description="Staff access only. Use your work email.">
      {/* The first focus in the form (typing, a password manager, the button) fetches the workspace. */}
      <div onFocus={preloadSignedInScreens}>
        <SignInForm />
      </div>
    </AuthCard>
  );
}
