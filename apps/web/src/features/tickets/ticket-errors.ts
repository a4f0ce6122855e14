import { useSyncExternalStore } from 'react';
import { errorMessages } from '../../lib/api-error.ts';

// Spec 000 section 8: every failed ticket call stores its server errors under the ticket's id, and
// the ticket's error strip shows them until dismissed. A store outside React: the failed calls live in
// several features (replies, loans, customers), which report through the onError the ticket screen
// hands them (useTicketMutationEvents), and a ticket's errors outlive the screen that showed them.
export type TicketError = { id: number; message: string };

const EMPTY: readonly TicketError[] = [];
let errorsByTicket: ReadonlyMap<number, readonly TicketError[]> = new Map();
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function replace(ticketId: number, list: readonly TicketError[]): void {
  const next = new Map(errorsByTicket);
  if (list.length === 0) next.delete(ticketId);
  else next.set(ticketId, list);
  errorsByTicket = next;
  emit();
}

export function recordTicketErrors(ticketId: number, messages: readonly string[]): void {
  const current = errorsByTicket.get(ticketId) ?? EMPTY;
  replace(ticketId, [...current, ...messages.map((message) => ({ id: nextId++, message }))]);
}

// The shape every mutation's onError receives.
export function recordTicketError(ticketId: number, error: unknown): void {
  recordTicketErrors(ticketId, errorMessages(error));
}

export function dismissTicketError(ticketId: number, errorId: number): void {
  const current = errorsByTicket.get(ticketId) ?? EMPTY;
  replace(
    ticketId,
    current.filter((entry) => entry.id !== errorId),
  );
}

export function clearTicketErrors(ticketId: number): void {
  replace(ticketId, EMPTY);
}

export function clearAllTicketErrors(): void {
  errorsByTicket = new Map();
  emit();
}

export function readTicketErrors(ticketId: number): readonly TicketError[] {
  return errorsByTicket.get(ticketId) ?? EMPTY;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTicketErrors(ticketId: number): readonly TicketError[] {
  return useSyncExternalStore(
    subscribe,
    () => readTicketErrors(ticketId),
    () => readTicketErrors(ticketId),
  );
}
