// @mentions in internal notes (issue 40, decision 062). An employee's handle is the part of their
// email before the @, lowercased (ann.lee@portal.example is @ann.lee): it is unique within one email
// domain, staff already know it, and it never changes with a name. The server resolves handles
// against active staff; the screens use the same reading to highlight the handles it resolved.

// '@' then a handle: letters, digits and . _ + - inside, a letter or digit at each end (so the full
// stop or dash that ends a sentence is not part of it). Not after a letter, digit or one of those
// signs, and not the start of an address (@pat@example.com), so an email address written in a note
// (pat@example.com) is not a mention.
const MENTION =
  /(?<![\p{L}\p{N}._+-])@([A-Za-z0-9](?:[A-Za-z0-9._+-]{0,62}[A-Za-z0-9])?)(?![A-Za-z0-9]|[._+-]*[A-Za-z0-9@])/gu;

export type MentionToken = { handle: string; start: number; end: number };

// Every @handle of a text in order (handles lowercased), repeated ones included.
export function findMentionTokens(text: string): MentionToken[] {
  return [...text.matchAll(MENTION)].map((match) => ({
    handle: match[1]!.toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

// The different handles of a text, in the order they first appear.
export function mentionHandlesOf(text: string): string[] {
  return [...new Set(findMentionTokens(text).map((token) => token.handle))];
}

// The handle of an employee's email address.
export function handleOfEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return (at < 0 ? email : email.slice(0, at)).toLowerCase();
}

export type NoteSegment = { text: string; mention: string | null };

// A note's text cut into plain runs and the mentions among `resolved` (handles, lowercased), for a
// screen that highlights them; an unresolved @handle stays plain text.
export function noteSegments(text: string, resolved: ReadonlySet<string>): NoteSegment[] {
  const segments: NoteSegment[] = [];
  let at = 0;
  for (const token of findMentionTokens(text)) {
    if (!resolved.has(token.handle)) continue;
    if (token.start > at) segments.push({ text: text.slice(at, token.start), mention: null });
    segments.push({ text: text.slice(token.start, token.end), mention: token.handle });
    at = token.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mention: null });
  return segments;
}
