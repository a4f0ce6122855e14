import { useLocalStorage } from '@mantine/hooks';

// Whether the workspace's single-key shortcuts (J, ?) are on, kept per browser (WCAG 2.1.4). On
// unless the agent turned them off; every workspace hook and the help dialog read the one value.
export const SINGLE_KEY_SHORTCUTS_KEY = 'portal.single-key-shortcuts';

export function useSingleKeyShortcuts(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useLocalStorage<boolean>({
    key: SINGLE_KEY_SHORTCUTS_KEY,
    defaultValue: true,
    // Read at once: the help dialog's switch shows the stored choice from its first render.
    getInitialValueInEffect: false,
  });
  return [on, setOn];
}
