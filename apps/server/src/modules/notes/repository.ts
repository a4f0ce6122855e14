import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { noteMentions, notes, type Executor } from '@portal/db';
import { olderThan, timeKeyOf, type TimeBound } from '../../platform/time-keyset.ts';
import { returnedRow } from '../../platform/returned-row.ts';
import { employeeNameOf } from '../session/index.ts';
import { ticketIdsOfCustomer } from '../tickets/index.ts';

// The notes module's queries (Drizzle only; the rules are in the services). notes and note_mentions
// are this module's (table-owners.ts).

export type NoteRecord = typeof notes.$inferSelect;
export type MentionRecord = typeof noteMentions.$inferSelect;

export async function insertNote(tx: Executor, values: typeof notes.$inferInsert): Promise<NoteRecord> {
  return returnedRow(await tx.insert(notes).values(values).returning(), 'insertNote: insert returned nothing');
}

export async function insertMentions(tx: Executor, rows: ReadonlyArray<typeof noteMentions.$inferInsert>) {
  if (rows.length === 0) return;
  await tx.insert(noteMentions).values([...rows]);
}

type MentionJson = { handle: string; employee_id: number; name: string | null };

// A note as the screens show it: with its author's name and the employees it mentioned.
const noteColumns = {
  id: notes.id,
  ticketId: notes.ticketId,
  customerId: notes.customerId,
  employeeId: notes.employeeId,
  body: notes.body,
  createdAt: notes.createdAt,
  authorName: employeeNameOf(notes.employeeId).as('author_name'),
  mentions: sql<MentionJson[] | null>`(select json_agg(json_build_object('handle', m.handle,
      'employee_id', m.employee_id, 'name', ${employeeNameOf(sql`m.employee_id`)}) order by m.id)
    from ${noteMentions} m where m.note_id = ${sql`${notes.id}`})`.as('mentions'),
  timeKey: timeKeyOf(notes.createdAt).as('time_key'),
};

export type NoteRow = {
  id: number;
  ticketId: number | null;
  customerId: number | null;
  employeeId: number;
  body: string;
  createdAt: Date;
  authorName: string | null;
  mentions: Array<{ handle: string; employeeId: number; name: string }>;
  timeKey: string;
};

type RawNoteRow = Omit<NoteRow, 'mentions' | 'createdAt'> & { mentions: MentionJson[] | null; createdAt: unknown };

function toNoteRow(row: RawNoteRow): NoteRow {
  return {
    ...row,
    id: Number(row.id),
    createdAt: new Date(row.createdAt as string | Date),
    mentions: (row.mentions ?? []).map((mention) => ({
      handle: mention.handle,
      employeeId: Number(mention.employee_id),
      name: mention.name ?? `employee #${mention.employee_id}`,
    })),
  };
}

// Which notes are the customer's: written on their page, or on a ticket that was theirs then (both
// through notes_customer_idx), or on a ticket linked to them since (few: notes_unlinked_ticket_idx,
// checked against their tickets). Two branches, so each keeps its index.
const onCustomerPage = (customerId: number) => eq(notes.customerId, customerId);
const onTicketLinkedSince = (customerId: number) =>
  and(isNull(notes.customerId), sql`${notes.ticketId} in (${ticketIdsOfCustomer(customerId)})`);

// A page of the ticket's notes, or the customer's, newest first, before a note id.
export async function findNotesPage(
  db: Executor,
  target: { ticketId: number } | { customerId: number },
  beforeId: number | null,
  limit: number,
): Promise<NoteRow[]> {
  const before = beforeId === null ? undefined : lt(notes.id, beforeId);
  const branch = (which: SQL | undefined) =>
    db.select(noteColumns).from(notes).where(and(which, before)).orderBy(desc(notes.id)).limit(limit);
  const rows =
    'ticketId' in target
      ? await branch(eq(notes.ticketId, target.ticketId))
      : await unionAll(branch(onCustomerPage(target.customerId)), branch(onTicketLinkedSince(target.customerId)))
          .orderBy(sql`id desc`)
          .limit(limit);
  return (rows as RawNoteRow[]).map(toNoteRow);
}

// A page of the customer's notes by time, newest first, after the bound (their timeline, issue 40).
export async function findCustomerNotesByTime(
  db: Executor,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
): Promise<NoteRow[]> {
  const branch = (which: SQL | undefined) =>
    db
      .select(noteColumns)
      .from(notes)
      .where(and(which, olderThan(notes.createdAt, notes.id, bound)))
      .orderBy(desc(notes.createdAt), desc(notes.id))
      .limit(limit);
  const rows = await unionAll(branch(onCustomerPage(customerId)), branch(onTicketLinkedSince(customerId)))
    .orderBy(sql`created_at desc`, sql`id desc`)
    .limit(limit);
  return (rows as RawNoteRow[]).map(toNoteRow);
}

// Every note of the customer, oldest first (the evidence pack's staff records).
export async function findAllCustomerNotes(db: Executor, customerId: number): Promise<NoteRow[]> {
  const branch = (which: SQL | undefined) => db.select(noteColumns).from(notes).where(which);
  const rows = await unionAll(branch(onCustomerPage(customerId)), branch(onTicketLinkedSince(customerId))).orderBy(
    sql`created_at`,
    sql`id`,
  );
  return (rows as RawNoteRow[]).map(toNoteRow);
}

// The ids of the customer's notes as a subquery (one column, `id`): their audit events.
export function noteIdsOfCustomer(customerId: number): SQL {
  return sql`select ${notes.id} as id from ${notes} where ${onCustomerPage(customerId)}
    union all select ${notes.id} as id from ${notes} where ${onTicketLinkedSince(customerId)}`;
}

export async function findNoteRowsByIds(db: Executor, ids: readonly number[]): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(noteColumns)
    .from(notes)
    .where(inArray(notes.id, [...ids]))
    .orderBy(asc(notes.id));
  return (rows as RawNoteRow[]).map(toNoteRow);
}

// A page of the employee's mentions, newest first, before a mention id (note_mentions_inbox_idx).
export async function findMentionsPage(db: Executor, employeeId: number, beforeId: number | null, limit: number) {
  return db
    .select({
      id: noteMentions.id,
      noteId: noteMentions.noteId,
      readAt: noteMentions.readAt,
      createdAt: noteMentions.createdAt,
    })
    .from(noteMentions)
    .where(and(eq(noteMentions.employeeId, employeeId), beforeId === null ? undefined : lt(noteMentions.id, beforeId)))
    .orderBy(desc(noteMentions.id))
    .limit(limit);
}

// Through note_mentions_unread_idx.
export async function countUnreadMentions(db: Executor, employeeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(noteMentions)
    .where(and(eq(noteMentions.employeeId, employeeId), isNull(noteMentions.readAt)));
  return row?.n ?? 0;
}

// Of these mention ids, those that are the employee's, locked for the rest of the transaction.
export async function lockOwnMentions(tx: Executor, employeeId: number, ids: readonly number[]) {
  return tx
    .select({ id: noteMentions.id, readAt: noteMentions.readAt })
    .from(noteMentions)
    .where(and(eq(noteMentions.employeeId, employeeId), inArray(noteMentions.id, [...ids])))
    .for('update');
}

export async function markMentionsRead(tx: Executor, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(noteMentions)
    .set({ readAt: at })
    .where(inArray(noteMentions.id, [...ids]));
}
