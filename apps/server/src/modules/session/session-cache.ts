import type { Permission } from '@portal/contracts';

export type AuthenticatedSession = {
  sessionId: number;
  tokenHash: string;
  employeeId: number;
  email: string;
  name: string;
  clearance: number;
  online: boolean;
  permissions: Permission[];
  mfaEnabled: boolean;
  expiresAt: Date;
};

export const SESSION_CHANGES_CHANNEL = 'portal_session_changes';

// Sessions looked up by token, kept for a few seconds so that an authenticated request does not
// always cost a database round trip. Every change to a session or its employee evicts the entries
// here and, through NOTIFY on SESSION_CHANGES_CHANNEL, in every other API process; the time limit
// bounds what a change made outside the API (SQL by hand) can leave stale.
export class SessionCache {
  private readonly entries = new Map<string, { session: AuthenticatedSession; storedAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlSeconds: number, maxEntries = 10_000) {
    this.ttlMs = ttlSeconds * 1000;
    this.maxEntries = maxEntries;
  }

  // Keyed by the token itself, so a hit costs no hashing; only this process's memory holds it.
  get(token: string, now: Date): AuthenticatedSession | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now.getTime() - entry.storedAt >= this.ttlMs || entry.session.expiresAt <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  set(token: string, session: AuthenticatedSession, now: Date): void {
    if (this.ttlMs === 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, { session, storedAt: now.getTime() });
  }

  // A change message is "employee:<id>" or "token:<hash>".
  evict(change: string): void {
    const [kind, key] = change.split(':');
    for (const [token, { session }] of this.entries) {
      if ((kind === 'token' && session.tokenHash === key) || (kind === 'employee' && String(session.employeeId) === key)) {
        this.entries.delete(token);
      }
    }
  }
}
