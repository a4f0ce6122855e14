import { useSyncExternalStore } from 'react';
import { FLASH_DEFAULT_SECONDS } from '@portal/contracts';

// Flash messages (spec 000 section 3): stacked, each dismissible, each gone after its duration.
export const flashTypes = ['success', 'error', 'info', 'warning'] as const;
export type FlashType = (typeof flashTypes)[number];

// Where a message shows: the corner (spec 000 screens) or the top, stacked 70 px apart from 20 px
// down (spec 001 section 9, the back-office dashboards).
export type FlashPlacement = 'corner' | 'top';

export type FlashMessage = {
  id: number;
  message: string;
  // seconds
  duration: number;
  type: FlashType;
  placement: FlashPlacement;
  // The notification's title, when not its type's ('Done', 'Error', 'Note', 'Warning').
  title?: string;
};

export type FlashOptions = {
  title?: string;
  duration?: number;
  type?: FlashType;
  placement?: FlashPlacement;
};

let messages: readonly FlashMessage[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function flash(message: string, options: FlashOptions = {}): number {
  const entry: FlashMessage = {
    id: nextId++,
    message,
    duration: options.duration ?? FLASH_DEFAULT_SECONDS,
    type: options.type ?? 'success',
    placement: options.placement ?? 'corner',
    ...(options.title ? { title: options.title } : {}),
  };
  messages = [...messages, entry];
  timers.set(
    entry.id,
    setTimeout(() => dismissFlash(entry.id), entry.duration * 1000),
  );
  emit();
  return entry.id;
}

export function flashError(message: string): number {
  return flash(message, { type: 'error' });
}

export function dismissFlash(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (!messages.some((entry) => entry.id === id)) return;
  messages = messages.filter((entry) => entry.id !== id);
  emit();
}

export function clearFlashes(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  messages = [];
  emit();
}

export function readFlashes(): readonly FlashMessage[] {
  return messages;
}

export function subscribeFlashes(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useFlashMessages(): readonly FlashMessage[] {
  return useSyncExternalStore(subscribeFlashes, readFlashes, readFlashes);
}
