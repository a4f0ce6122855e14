import type { AuthenticatedSession } from '../../platform/request-session.ts';

export const SESSION_CHANGES_CHANNEL = 'portal_session_changes';

// A lookup's ticket: the cache generation when the database read began.
export type SessionLookup = { readonly generation: number };

// Sessions looked up by token, kept for a few seconds so that an authenticated request does not
// always cost a database round trip. Every change to a session or its employee evicts the entries
// here and, through NOTIFY on SESSION_CHANGES_CHANNEL, in every other API process; the time limit
// bounds what a change made outside the API (SQL by hand) can leave stale.
//
// The rule that keeps a revoked session out (decision 015): an entry is stored only if no eviction
// arrived while its database read was under way (the read may predate the change that the eviction
// announced), and only while this process is listening for evictions at all. While the listener is
// down nothing is served from the cache, and when it is back everything cached before is dropped,
// since notifications sent in between were lost.
export class SessionCache {
  private readonly entries = new Map<string, { session: AuthenticatedSession; storedAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private generation = 0;
  private listening = true;

  constructor(ttlSeconds: number, maxEntries = 10_000) {
    this.ttlMs = ttlSeconds * 1000;
    this.maxEntries = maxEntries;
  }

  // Keyed by the token itself, so a hit costs no hashing; only this process's memory holds it.
  get(token: string, now: Date): AuthenticatedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now.getTime() - entry.storedAt >= this.ttlMs || entry.session.expiresAt <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  // Call before reading the session from the database; hand the result to set().
  beginLookup(): SessionLookup {
    return { generation: this.generation };
  }

  set(token: string, session: AuthenticatedSession, now: Date, lookup: SessionLookup): void {
    if (this.ttlMs === 0 || !this.listening || lookup.generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, { session, storedAt: now.getTime() });
  }

  // A change message is "employee:<id>" or "token:<hash>".
  evict(change: string): void {
    this.generation += 1;
    const [kind, key] = change.split(':');
    for (const [token, { session }] of this.entries) {
      if (
        (kind === 'token' && session.tokenHash === key) ||
        (kind === 'employee' && String(session.employeeId) === key)
      ) {
        this.entries.delete(token);
      }
    }
  }

  // Told by the database listener whether evictions can reach this process.
  setListening(listening: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.listening = listening;
  }
}
