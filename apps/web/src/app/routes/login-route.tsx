import { AuthCard } from '../../components/auth-card.tsx';
import { SignInForm } from '../../features/auth/components/sign-in-form.tsx';

export function LoginRoute() {
  return (
    <AuthCard title="Sign in" description="Staff access only. Use your work email.">
      <SignInForm />
    </AuthCard>
  );
}
