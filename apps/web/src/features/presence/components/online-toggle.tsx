import { Switch } from '@mantine/core';
import { useSession } from '../../../lib/session.ts';
import { useToggleOnline } from '../api/toggle-online.ts';

// Shows the requested state while the call runs; on failure the stored state shows again.
export function OnlineToggle() {
  const session = useSession();
  const toggle = useToggleOnline();
  const checked = toggle.isPending ? toggle.variables.online : (session?.online ?? false);

  return (
    <Switch
      label="Online"
      size="md"
      color="teal"
      checked={checked}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate({ online: event.currentTarget.checked })}
    />
  );
}
