import { DAY_MS, REPLY_DRAFT_COOKIE_DAYS } from '@portal/contracts';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';

// The reply being written, kept per ticket for a day (spec 000 section 9) so a reload, a skip to the
// next ticket or a crash does not lose it. Sign-out clears it with every other cookie.
export type ReplyDraft = { text: string; macroId: number | null; filterId: string | null };

export const EMPTY_DRAFT: ReplyDraft = { text: '', macroId: null, filterId: null };

const PREFIX = 'reply_draft_';
// Cookies travel with every API request, and servers refuse headers past ~16 KB: a few drafts of
// at most ~2 KB each (encoded), the oldest dropped first.
export const MAX_DRAFT_COOKIE_CHARS = 2000;
export const MAX_DRAFT_COOKIES = 3;

type StoredDraft = ReplyDraft & { savedAt: number };

export function draftCookieName(ticketId: number): string {
  return `${PREFIX}${ticketId}`;
}

function parse(raw: string | null): StoredDraft | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || !('text' in value) || typeof value.text !== 'string')
      return null;
    return {
      text: value.text,
      macroId: 'macroId' in value && typeof value.macroId === 'number' ? value.macroId : null,
      filterId: 'filterId' in value && typeof value.filterId === 'string' ? value.filterId : null,
      savedAt: 'savedAt' in value && typeof value.savedAt === 'number' ? value.savedAt : 0,
    };
  } catch {
    return null;
  }
}

export function readDraft(ticketId: number): ReplyDraft {
  const stored = parse(readCookie(draftCookieName(ticketId)));
  return stored ? { text: stored.text, macroId: stored.macroId, filterId: stored.filterId } : EMPTY_DRAFT;
}

function otherDraftNames(except: string): string[] {
  return document.cookie
    .split('; ')
    .map((part) => decodeURIComponent(part.split('=')[0] ?? ''))
    .filter((name) => name.startsWith(PREFIX) && name !== except);
}

// Answers whether the draft is kept; a draft too long for a cookie keeps its last version that fitted.
export function saveDraft(ticketId: number, draft: ReplyDraft): boolean {
  const name = draftCookieName(ticketId);
  if (draft.text === '') {
    deleteCookie(name);
    return true;
  }
  const value = JSON.stringify({ ...draft, savedAt: Date.now() } satisfies StoredDraft);
  if (encodeURIComponent(value).length > MAX_DRAFT_COOKIE_CHARS) return false;
  const others = otherDraftNames(name)
    .map((other) => ({ name: other, savedAt: parse(readCookie(other))?.savedAt ?? 0 }))
    .sort((a, b) => b.savedAt - a.savedAt);
  for (const stale of others.slice(MAX_DRAFT_COOKIES - 1)) deleteCookie(stale.name);
  writeCookie(name, value, { expires: new Date(Date.now() + REPLY_DRAFT_COOKIE_DAYS * DAY_MS) });
  return true;
}

export function clearDraft(ticketId: number): void {
  deleteCookie(draftCookieName(ticketId));
}
