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

// Sessions looked up by token hash, kept for a few seconds so that an authenticated request does not
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

  get(tokenHash: string, now: Date): AuthenticatedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now.getTime() - entry.storedAt >= this.ttlMs || entry.session.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(session: AuthenticatedSession, now: Date): void {
    if (this.ttlMs === 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(session.tokenHash, { session, storedAt: now.getTime() });
  }

  // A change message is "employee:<id>" or "token:<hash>".
  evict(change: string): void {
    const [kind, key] = change.split(':');
    for (const [tokenHash, entry] of this.entries) {
      if ((kind === 'token' && tokenHash === key) || (kind === 'employee' && String(entry.session.employeeId) === key)) {
        this.entries.delete(tokenHash);
      }
    }
  }
}
