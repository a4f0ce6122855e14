import { useEffect, useEffectEvent } from 'react';
import { useSingleKeyShortcuts } from './shortcut-preference.ts';
import { isTypingTarget, matchShortcut, type ShortcutAction } from './shortcuts.ts';

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>;

export function useShortcuts(handlers: ShortcutHandlers): void {
  const [singleKey] = useSingleKeyShortcuts();
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || isTypingTarget(event.target)) return;
    const action = matchShortcut(event, { singleKey });
    const handler = action ? handlers[action] : undefined;
    if (!handler) return;
    event.preventDefault();
    handler();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
