import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_DRAFT_COOKIES, clearDraft, readDraft, saveDraft } from './draft-cookie.ts';

describe('reply draft cookie', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a draft per ticket with its macro and suggestion, until cleared', () => {
    expect(saveDraft(101, { text: 'Hi Jane', macroId: 2, filterId: 'change_phone' })).toBe(true);
    expect(readDraft(101)).toEqual({ text: 'Hi Jane', macroId: 2, filterId: 'change_phone' });
    expect(readDraft(102).text).toBe('');
    clearDraft(101);
    expect(readDraft(101).text).toBe('');
  });

  it('expires after a day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    saveDraft(101, { text: 'Hi', macroId: null, filterId: null });
    expect(document.cookie).toContain('reply_draft_101=');
    // The test DOM (happy-dom, as jsdom) drops expired cookies when read.
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect(readDraft(101).text).toBe('');
  });

  it('keeps only the newest few drafts, so cookies stay small', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const id of [1, 2, 3, 4, 5]) {
      saveDraft(id, { text: `Draft ${id}`, macroId: null, filterId: null });
      vi.advanceTimersByTime(1000);
    }
    const kept = [1, 2, 3, 4, 5].filter((id) => readDraft(id).text !== '');
    expect(kept).toEqual([5, 4, 3].slice(0, MAX_DRAFT_COOKIES).sort());
  });

  it('does not keep a draft too long for a cookie, and says so', () => {
    saveDraft(101, { text: 'Short', macroId: null, filterId: null });
    expect(saveDraft(101, { text: 'x '.repeat(2000), macroId: null, filterId: null })).toBe(false);
    expect(readDraft(101).text).toBe('Short');
  });
});
