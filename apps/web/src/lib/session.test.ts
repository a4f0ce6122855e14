import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../test/session-fixture.ts';
import { readCookie } from './cookies.ts';
import { restoreSession } from './restore-session.ts';
import {
  clearSession,
  readSession,
  saveSession,
  sessionChangeCount,
  updateSession,
  updateSessionUnlessChangedSince,
} from './session.ts';

describe('session store', () => {
  it('keeps the session in cookies, one per field, and reads it back', () => {
    const session = sessionFixture({ online: true, permissions: ['payments.validate_any'] });
    saveSession(session);
    expect(readCookie('apiToken')).toBe('token-abc');
    expect(readCookie('online')).toBe('true');
    expect(readCookie('employeeId')).toBe('7');

    restoreSession();
    expect(readSession()).toEqual(session);
  });

  it('updates fields such as online in memory and in the cookie', () => {
    saveSession(sessionFixture({ online: false }));
    updateSession({ online: true });
    expect(readSession()?.online).toBe(true);
    expect(readCookie('online')).toBe('true');
  });

  it('drops what a refresh read before a change made here: the toggle made meanwhile stands', () => {
    saveSession(sessionFixture({ online: false }));
    const refreshStarted = sessionChangeCount();
    updateSession({ online: true });
    updateSessionUnlessChangedSince(refreshStarted, { online: false });
    expect(readSession()?.online).toBe(true);

    const nothingSince = sessionChangeCount();
    updateSessionUnlessChangedSince(nothingSince, { online: false });
    expect(readSession()?.online).toBe(false);
  });

  it('treats damaged cookies as signed out', () => {
    saveSession(sessionFixture());
    document.cookie = 'employeeId=%7Bnot-json; path=/';
    restoreSession();
    expect(readSession()).toBeNull();
  });

  it('clears every cookie on sign-out', () => {
    saveSession(sessionFixture());
    document.cookie = 'reply_draft=hello; path=/';
    clearSession();
    expect(readSession()).toBeNull();
    expect(document.cookie).toBe('');
  });
});
