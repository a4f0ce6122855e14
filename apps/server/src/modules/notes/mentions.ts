import type {
  CallBody,
  CallQuery,
  MarkMentionsReadResponse,
  MentionsResponse,
  MentionsUnreadResponse,
  noteCalls,
} from '@portal/contracts';
import type { NotesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { NOTE_MESSAGES } from './messages.ts';
import { findTicketCustomersOf, noteLink, toNote } from './note-wire.ts';
import * as repository from './repository.ts';

// The mentions inbox (issue 40): the notes that @mentioned the employee, newest first, each read or
// not; only their own.

export async function listMentions(
  context: Pick<NotesDeps, 'db'>,
  actor: Actor,
  query: CallQuery<typeof noteCalls.mentions>,
): Promise<MentionsResponse> {
  const { db } = context;
  const [rows, unread] = await Promise.all([
    repository.findMentionsPage(db, actor.employeeId, query.before ?? null, query.limit + 1),
    repository.countUnreadMentions(db, actor.employeeId),
  ]);
  const page = rows.slice(0, query.limit);
  const noteRows = await repository.findNoteRowsByIds(
    db,
    page.map((mention) => mention.noteId),
  );
  const about = await findTicketCustomersOf(db, noteRows);
  const notes = new Map(noteRows.map((row) => [row.id, toNote(row, about)]));
  return {
    mentions: page.flatMap((mention) => {
      const note = notes.get(mention.noteId);
      if (!note) return [];
      return [
        {
          id: mention.id,
          created_at: mention.createdAt.toISOString(),
          read_at: mention.readAt?.toISOString() ?? null,
          note,
          link: noteLink(note),
        },
      ];
    }),
    next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    unread,
  };
}

// GET mentions/unread_count: the navbar's badge.
export async function countMentionsUnread(
  context: Pick<NotesDeps, 'db'>,
  actor: Actor,
): Promise<MentionsUnreadResponse> {
  return { unread: await repository.countUnreadMentions(context.db, actor.employeeId) };
}

// PATCH mentions_read {ids}: the employee's own mentions marked read, with one audit event; an id
// that is not theirs refuses the whole request (404) and marks nothing.
export async function markMentionsRead(
  context: NotesDeps,
  actor: Actor,
  body: CallBody<typeof noteCalls.markMentionsRead>,
): Promise<MarkMentionsReadResponse> {
  const ids = [...new Set(body.ids)];
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const own = await repository.lockOwnMentions(tx, actor.employeeId, ids);
    const owned = new Set(own.map((mention) => mention.id));
    const others = ids.filter((id) => !owned.has(id));
    if (others.length > 0) throw notFound(NOTE_MESSAGES.notYourMentions(others));
    const unread = own
      .filter((mention) => mention.readAt === null)
      .map((mention) => mention.id)
      .sort((a, b) => a - b);
    if (unread.length > 0) {
      await repository.markMentionsRead(tx, unread, now);
      await recordChange(tx, actor, 'mentions.read', ['employee', actor.employeeId], {
        after: { mention_ids: unread, read_at: now.toISOString() },
      });
    }
    return {
      message: NOTE_MESSAGES.markedRead(unread.length),
      unread: await repository.countUnreadMentions(tx, actor.employeeId),
    };
  });
}
