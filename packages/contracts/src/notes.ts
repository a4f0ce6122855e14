import { z } from 'zod';
import { defineCall } from './call.ts';
import { bigDatabaseIdSchema, int32Schema, requiredText } from './primitives.ts';

// Internal notes with @mentions (issue 40, decision 062): what staff write to each other about a
// ticket or a customer. A note is never sent to the customer, never put in the outbox, a letter or
// the customer app; only staff read it.

export const NOTE_MAX_LENGTH = 5_000;
export const NOTES_PAGE_SIZE = 50;
export const MENTIONS_PAGE_SIZE = 20;
// The screens ask for the unread count this often, and when the window gets focus again.
export const MENTIONS_UNREAD_POLL_MS = 60_000;

// A note keeps its line breaks and tabs; any other control character (NUL, escape, DEL, C1 codes)
// would break the screen, a CSV row or a log line, and is refused as in names and subjects.
const NOTE_CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;
export const noteControlCharacterMessage =
  'A note must not contain control characters (line breaks and tabs are fine).';

export const noteBodySchema = requiredText(
  'Please write the note.',
  NOTE_MAX_LENGTH,
  `A note must be at most ${NOTE_MAX_LENGTH} characters.`,
).refine((text) => !NOTE_CONTROL_CHARACTER.test(text), noteControlCharacterMessage);

export const NOTE_TARGET_MISSING = 'Say what the note is about: a ticket_id or a user_id.';
export const NOTE_TARGET_BOTH = 'A note is about a ticket or a customer: give ticket_id or user_id, not both.';

// Exactly one of ticket_id and user_id (a null counts as not given).
function exactlyOneTarget(value: { ticket_id?: number | null; user_id?: number | null }, context: z.RefinementCtx) {
  const given = [value.ticket_id, value.user_id].filter((id) => id !== undefined && id !== null).length;
  if (given === 0) context.addIssue({ code: 'custom', message: NOTE_TARGET_MISSING });
  if (given === 2) context.addIssue({ code: 'custom', message: NOTE_TARGET_BOTH });
}

const targetShape = {
  ticket_id: bigDatabaseIdSchema.nullish(),
  user_id: bigDatabaseIdSchema.nullish(),
};

export const addNoteRequestSchema = z.object({ ...targetShape, body: noteBodySchema }).superRefine(exactlyOneTarget);
export type AddNoteRequest = z.input<typeof addNoteRequestSchema>;

export const listNotesQuerySchema = z
  .object({
    ...targetShape,
    // The id of the oldest note of the page before (newest first).
    before: bigDatabaseIdSchema.optional(),
    limit: int32Schema({ min: 1, max: 200 }).default(NOTES_PAGE_SIZE),
  })
  .superRefine(exactlyOneTarget);
export type ListNotesQuery = z.input<typeof listNotesQuerySchema>;

export const noteMentionSchema = z.object({ handle: z.string(), employee_id: z.number(), name: z.string() });
export type NoteMention = z.infer<typeof noteMentionSchema>;

export const noteSchema = z.object({
  id: z.number(),
  // The ticket the note was written on (null for a note on the customer's page).
  ticket_id: z.number().nullable(),
  // The customer it is about: the one it was written on, or the ticket's customer once the ticket is
  // linked (null while it is not).
  user_id: z.number().nullable(),
  body: z.string(),
  author: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  // The employees the note notified, by the handle written.
  mentions: z.array(noteMentionSchema),
});
export type Note = z.infer<typeof noteSchema>;

export const listNotesResponseSchema = z.object({
  // Newest first.
  notes: z.array(noteSchema),
  // `before` for the next (older) page, or null on the last one.
  next_before: z.number().nullable(),
});
export type ListNotesResponse = z.infer<typeof listNotesResponseSchema>;

// An @handle nobody was notified of: no active employee has it, several do (the same name before
// the @ at two email domains), or it is the writer's own.
export const UNNOTIFIED_REASONS = ['unknown', 'ambiguous', 'yourself'] as const;
export const unnotifiedMentionSchema = z.object({
  handle: z.string(),
  reason: z.enum(UNNOTIFIED_REASONS),
  sentence: z.string(),
});
export type UnnotifiedMention = z.infer<typeof unnotifiedMentionSchema>;

export const addNoteResponseSchema = z.object({
  message: z.string(),
  note: noteSchema,
  not_notified: z.array(unnotifiedMentionSchema),
});
export type AddNoteResponse = z.infer<typeof addNoteResponseSchema>;

export const mentionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  note: noteSchema,
  // Where the note is read: its ticket in the workspace, or its customer's page.
  link: z.string(),
});
export type Mention = z.infer<typeof mentionSchema>;

export const mentionsQuerySchema = z.object({
  // The id of the oldest mention of the page before (newest first).
  before: bigDatabaseIdSchema.optional(),
  limit: int32Schema({ min: 1, max: 100 }).default(MENTIONS_PAGE_SIZE),
});
export type MentionsQuery = z.input<typeof mentionsQuerySchema>;

export const mentionsResponseSchema = z.object({
  mentions: z.array(mentionSchema),
  next_before: z.number().nullable(),
  unread: z.number(),
});
export type MentionsResponse = z.infer<typeof mentionsResponseSchema>;

export const mentionsUnreadResponseSchema = z.object({ unread: z.number() });
export type MentionsUnreadResponse = z.infer<typeof mentionsUnreadResponseSchema>;

export const MENTIONS_READ_MAX = 200;
export const markMentionsReadRequestSchema = z.object({
  ids: z
    .array(bigDatabaseIdSchema, { error: 'ids is a list of mention ids.' })
    .min(1, 'Say which mentions to mark read (ids).')
    .max(MENTIONS_READ_MAX, `At most ${MENTIONS_READ_MAX} mentions can be marked read at once.`),
});
export type MarkMentionsReadRequest = z.input<typeof markMentionsReadRequestSchema>;

export const markMentionsReadResponseSchema = z.object({ message: z.string(), unread: z.number() });
export type MarkMentionsReadResponse = z.infer<typeof markMentionsReadResponseSchema>;

// Any signed-in employee writes and reads notes and their own mentions.
export const noteCalls = {
  addNote: defineCall({
    method: 'POST',
    path: 'ticket_notes',
    access: 'signedIn',
    body: addNoteRequestSchema,
    response: addNoteResponseSchema,
  }),
  listNotes: defineCall({
    method: 'GET',
    path: 'ticket_notes',
    access: 'signedIn',
    query: listNotesQuerySchema,
    response: listNotesResponseSchema,
  }),
  mentions: defineCall({
    method: 'GET',
    path: 'mentions',
    access: 'signedIn',
    query: mentionsQuerySchema,
    response: mentionsResponseSchema,
  }),
  mentionsUnread: defineCall({
    method: 'GET',
    path: 'mentions/unread_count',
    access: 'signedIn',
    response: mentionsUnreadResponseSchema,
  }),
  markMentionsRead: defineCall({
    method: 'PATCH',
    path: 'mentions_read',
    access: 'signedIn',
    body: markMentionsReadRequestSchema,
    response: markMentionsReadResponseSchema,
  }),
};
