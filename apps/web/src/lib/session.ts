import { useSyncExternalStore } from 'react';
import { SESSION_TTL_MS, type SessionResponse } from '@portal/contracts';
import { clearAllCookies, readCookie, writeCookie } from './cookies.ts';

// The signed-in employee, as sign-in answered it. Kept in cookies (one per field, named as the
// spec names them) for SESSION_TTL_DAYS, and mirrored in memory so React can subscribe to it.
export type Session = SessionResponse;
export type SessionPatch = Partial<Omit<Session, 'apiToken'>>;

type SessionField = keyof Session;

// Strings are stored as they are; every other field as JSON.
const RAW_FIELDS = [
  'apiToken',
  'email',
  'name',
  'expiresAt',
  'escalation_contact',
] as const satisfies readonly SessionField[];
const JSON_FIELDS = [
  'clearance',
  'employeeId',
  'online',
  'permissions',
  'mfaEnabled',
  'sts_key_id',
  'sts_secret_key',
  'sts_session_token',
] as const satisfies readonly SessionField[];

// The stored fields, unchecked (null when one is damaged); lib/restore-session.ts checks them against
// the session contract.
export function readStoredSessionFields(): Record<string, unknown> | null {
  const draft: Record<string, unknown> = {};
  for (const field of RAW_FIELDS) draft[field] = readCookie(field);
  for (const field of JSON_FIELDS) {
    const value = readCookie(field);
    try {
      draft[field] = value === null ? undefined : JSON.parse(value);
    } catch {
      return null;
    }
  }
  return draft;
}

// Whether a session was stored on this device: only then does the app load the contracts (zod) to
// restore it before rendering; the sign-in screen renders without them.
export function hasStoredSession(): boolean {
  return readCookie('apiToken') !== null;
}

function cookieExpiry(session: Session): Date {
  const latest = Date.now() + SESSION_TTL_MS;
  const serverExpiry = Date.parse(session.expiresAt);
  return new Date(Number.isNaN(serverExpiry) ? latest : Math.min(serverExpiry, latest));
}

// The cookies a session is kept in, by name, with their values before writeCookie encodes them. The
// end-to-end specs store a session made through the API with these (e2e/fixtures.ts).
export function sessionCookieValues(session: Session): { name: string; value: string }[] {
  return [
    ...RAW_FIELDS.map((field) => ({ name: field, value: session[field] })),
    ...JSON_FIELDS.map((field) => ({ name: field, value: JSON.stringify(session[field]) })),
  ];
}

function writeSessionCookies(session: Session): void {
  const expires = cookieExpiry(session);
  for (const { name, value } of sessionCookieValues(session)) writeCookie(name, value, { expires });
}

// Null until restoreSession (lib/restore-session.ts) has read a stored one.
let current: Session | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function readSession(): Session | null {
  return current;
}

// Counts the session's changes made here (a toggle, a sign-in), so that an answer the server gave
// before one of them cannot undo it (see updateSessionUnlessChangedSince).
let localChanges = 0;

export function sessionChangeCount(): number {
  return localChanges;
}

export function saveSession(session: Session): void {
  localChanges += 1;
  writeSessionCookies(session);
  current = session;
  emit();
}

// Merges fresh fields (online, permissions, ...) into the stored session; no-op when signed out.
export function updateSession(patch: SessionPatch): void {
  if (!current) return;
  saveSession({ ...current, ...patch });
}

// The same, for a read that started when sessionChangeCount() was `seen`: a change made here since
// wins over what the server said before it (a refresh in flight while the employee went online).
export function updateSessionUnlessChangedSince(seen: number, patch: SessionPatch): void {
  if (!current || localChanges !== seen) return;
  saveSession({ ...current, ...patch });
}

// Sign-out clears all cookies and the in-memory state.
export function clearSession(): void {
  clearAllCookies();
  current = null;
  emit();
}

// The session restored from the cookies, already checked (or null when they hold none).
export function setRestoredSession(session: Session | null): void {
  current = session;
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
