// The workspace's keyboard shortcuts (Ctrl/Cmd+Enter, Send, belongs to the reply box itself).
export type ShortcutAction = 'close' | 'archive' | 'escalate' | 'next' | 'help';

export const SHORTCUT_HELP: ReadonlyArray<{ keys: readonly string[][]; label: string; note?: string }> = [
  {
    keys: [
      ['Ctrl', 'Enter'],
      ['⌘', 'Enter'],
    ],
    label: 'Send the reply',
    note: 'also while typing in the reply box',
  },
  { keys: [['Alt', 'C']], label: 'Close the ticket' },
  { keys: [['Alt', 'A']], label: 'Archive the ticket' },
  { keys: [['Alt', 'E']], label: 'Escalate the ticket' },
  { keys: [['Alt', 'N'], ['J']], label: 'Next ticket, without closing this one' },
  { keys: [['?']], label: 'Show these shortcuts' },
  { keys: [['#name', 'Enter']], label: 'Insert the macro called name', note: 'in the reply box' },
];

// A key pressed alone (J, ?), which the agent may turn off.
export const isSingleKey = (combo: readonly string[]) => combo.length === 1;

export type KeyLike = {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
};

// Letters are matched by their physical key: on a Mac, Alt+C types "ç". A key pressed alone (J, ?)
// is a shortcut only while `singleKey` is on: WCAG 2.1.4 lets the agent turn those off (speech
// input types letters; a stray key press would move on to the next ticket).
export function matchShortcut(
  event: KeyLike,
  { singleKey = true }: { singleKey?: boolean } = {},
): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.altKey && !event.shiftKey) {
    if (event.code === 'KeyC') return 'close';
    if (event.code === 'KeyA') return 'archive';
    if (event.code === 'KeyE') return 'escalate';
    if (event.code === 'KeyN') return 'next';
    return null;
  }
  if (event.altKey || !singleKey) return null;
  if (event.key === '?') return 'help';
  if (!event.shiftKey && (event.key === 'j' || event.key === 'J')) return 'next';
  return null;
}

// Shortcuts never fire while the agent types, nor from inside a dialog (its own keys apply there).
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
