import { useLocation } from 'react-router';
import { AuthCard } from '../../components/auth-card.tsx';
import { SetPasswordForm, tokenFromHash } from '../../features/auth/components/set-password-form.tsx';

// The page an invitation's link opens (signed in or not: the link is its own proof).
export function SetPasswordRoute() {
  const { hash } = useLocation();
  return (
    <AuthCard title="Choose your password" description="For your Portal account. The link works once.">
      <SetPasswordForm token={tokenFromHash(hash)} />
    </AuthCard>
  );
}
