import type { Note } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { TimeBound } from '../../platform/time-keyset.ts';
import { findTicketCustomersOf, toNote } from './note-wire.ts';
import * as repository from './repository.ts';

// A customer's notes for the read models: a page by time for their timeline (issue 40), and all of
// them for their evidence pack, each with its time as a key.

export type TimedNote = Note & { timeKey: string };

export async function findCustomerNotesPage(
  db: Executor,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
): Promise<TimedNote[]> {
  const rows = await repository.findCustomerNotesByTime(db, customerId, bound, limit);
  const about = await findTicketCustomersOf(db, rows);
  return rows.map((row) => ({ ...toNote(row, about), timeKey: row.timeKey }));
}

export async function findEveryCustomerNote(db: Executor, customerId: number): Promise<Note[]> {
  const rows = await repository.findAllCustomerNotes(db, customerId);
  const about = await findTicketCustomersOf(db, rows);
  return rows.map((row) => toNote(row, about));
}
