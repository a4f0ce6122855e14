import { Button } from '@mantine/core';
import { useSession } from '../../../lib/session.ts';
import { useSignOut } from '../api/sign-out.ts';

export function LogOutButton() {
  const { signOut, isPending } = useSignOut();
  const email = useSession()?.email;
  return (
    <Button
      variant="default"
      size="compact-sm"
      h={32}
      px="md"
      loading={isPending}
      title={email ? `Signed in as ${email}` : undefined}
      onClick={() => void signOut()}
    >
      Log Out
    </Button>
  );
}
