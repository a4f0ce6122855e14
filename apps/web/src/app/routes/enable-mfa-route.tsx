import { AuthCard } from '../../components/auth-card.tsx';
import { EnableMfaForm } from '../../features/auth/components/enable-mfa-form.tsx';

export function EnableMfaRoute() {
  return (
    <AuthCard title="Enable MFA" description="Set up an authenticator app for signing in.">
      <EnableMfaForm />
    </AuthCard>
  );
}
