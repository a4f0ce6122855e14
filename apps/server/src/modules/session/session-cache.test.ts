import { describe, expect, it } from 'vitest';
import type { AuthenticatedSession } from '../../platform/request-session.ts';
import { SessionCache } from './session-cache.ts';

const at = (iso: string) => new Date(iso);
const session = (overrides: Partial<AuthenticatedSession> = {}): AuthenticatedSession => ({
  sessionId: 1,
  tokenHash: 'hash-1',
  employeeId: 7,
  email: 'a@portal.example',
  name: 'A',
  clearance: 1,
  online: false,
  permissions: [],
  mfaEnabled: false,
  expiresAt: at('2026-11-23T00:00:00Z'),
  ...overrides,
});

describe('SessionCache', () => {
  it('keeps a session for its time limit, and never past the session expiry', () => {
    const cache = new SessionCache(30);
    cache.set('token-1', session(), at('2026-11-21T00:00:00Z'), cache.beginLookup());
    expect(cache.get('token-1', at('2026-11-21T00:00:29Z'))).toBeDefined();
    expect(cache.get('token-1', at('2026-11-21T00:00:30Z'))).toBeUndefined();

    cache.set(
      'token-2',
      session({ expiresAt: at('2026-11-21T00:00:10Z') }),
      at('2026-11-21T00:00:00Z'),
      cache.beginLookup(),
    );
    expect(cache.get('token-2', at('2026-11-21T00:00:10Z'))).toBeUndefined();
  });

  it('evicts by token hash and by employee', () => {
    const cache = new SessionCache(30);
    const now = at('2026-11-21T00:00:00Z');
    cache.set('token-1', session(), now, cache.beginLookup());
    cache.set('token-2', session({ tokenHash: 'hash-2' }), now, cache.beginLookup());
    cache.set('token-3', session({ tokenHash: 'hash-3', employeeId: 8 }), now, cache.beginLookup());
    cache.evict('token:hash-1');
    expect(cache.get('token-1', now)).toBeUndefined();
    expect(cache.get('token-2', now)).toBeDefined();
    cache.evict('employee:7');
    expect(cache.get('token-2', now)).toBeUndefined();
    expect(cache.get('token-3', now)).toBeDefined();
  });

  it('keeps nothing when the time limit is 0', () => {
    const cache = new SessionCache(0);
    const now = at('2026-11-21T00:00:00Z');
    cache.set('token-1', session(), now, cache.beginLookup());
    expect(cache.get('token-1', now)).toBeUndefined();
  });

  it('does not keep a lookup that an eviction overtook (the read may predate the change)', () => {
    const cache = new SessionCache(30);
    const now = at('2026-11-21T00:00:00Z');
    const lookup = cache.beginLookup();
    // While the database read is under way, another process signs the session out and says so.
    cache.evict('token:hash-1');
    cache.set('token-1', session(), now, lookup);
    expect(cache.get('token-1', now)).toBeUndefined();
    // The next lookup, begun after the eviction, is kept.
    cache.set('token-1', session(), now, cache.beginLookup());
    expect(cache.get('token-1', now)).toBeDefined();
  });

  it('serves and keeps nothing while evictions cannot arrive, and drops everything older once they can', () => {
    const cache = new SessionCache(30);
    const now = at('2026-11-21T00:00:00Z');
    cache.set('token-1', session(), now, cache.beginLookup());
    const lookupBeforeTheDrop = cache.beginLookup();
    cache.setListening(false);
    expect(cache.get('token-1', now)).toBeUndefined();
    cache.set('token-2', session({ tokenHash: 'hash-2' }), now, cache.beginLookup());
    expect(cache.get('token-2', now)).toBeUndefined();

    cache.setListening(true);
    cache.set('token-3', session({ tokenHash: 'hash-3' }), now, lookupBeforeTheDrop);
    expect(cache.get('token-3', now)).toBeUndefined();
    cache.set('token-3', session({ tokenHash: 'hash-3' }), now, cache.beginLookup());
    expect(cache.get('token-3', now)).toBeDefined();
  });
});
