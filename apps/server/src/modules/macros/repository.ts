import type { MessagePurpose } from '@portal/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { macroTags, macroVersions, macros, type Database, type Executor } from '@portal/db';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import { returnedRow } from '../../platform/returned-row.ts';
import { employeeNameOf } from '../session/index.ts';

export type MacroRecord = typeof macros.$inferSelect;
export type MacroWithTags = { id: number; title: string; body: string; purpose: MessagePurpose; tags: string[] };

// Active macros by title, each with its tags (alphabetical): two queries, however many macros.
export async function findActiveMacros(executor: Executor): Promise<MacroWithTags[]> {
  const rows = await executor
    .select({ id: macros.id, title: macros.title, body: macros.body, purpose: macros.purpose })
    .from(macros)
    .where(eq(macros.active, true))
    .orderBy(asc(macros.title));
  const tags = await findTags(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
}

export async function findTags(executor: Executor, macroIds: number[]): Promise<Map<number, string[]>> {
  const byMacro = new Map<number, string[]>();
  if (macroIds.length === 0) return byMacro;
  const rows = await executor
    .select()
    .from(macroTags)
    .where(inArray(macroTags.macroId, macroIds))
    .orderBy(asc(macroTags.tag));
  for (const row of rows) byMacro.set(row.macroId, [...(byMacro.get(row.macroId) ?? []), row.tag]);
  return byMacro;
}

export async function macroExists(executor: Executor, macroId: number): Promise<boolean> {
  const [row] = await executor.select({ id: macros.id }).from(macros).where(eq(macros.id, macroId));
  return row !== undefined;
}

// What a message sent from the macro is (collection or servicing), or undefined for no such macro.
export async function macroPurposeOf(executor: Executor, macroId: number): Promise<MessagePurpose | undefined> {
  const [row] = await executor.select({ purpose: macros.purpose }).from(macros).where(eq(macros.id, macroId));
  return row?.purpose;
}

// Inserts a macro unless its title is taken; answers undefined when it was.
export async function insertMacro(
  executor: Executor,
  values: { title: string; body: string; purpose: MessagePurpose; at: Date },
): Promise<MacroRecord | undefined> {
  const [row] = await executor
    .insert(macros)
    .values({
      title: values.title,
      body: values.body,
      purpose: values.purpose,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoNothing({ target: macros.title })
    .returning();
  return row;
}

export async function lockMacroByTitle(executor: Executor, title: string): Promise<MacroRecord | undefined> {
  const [row] = await executor.select().from(macros).where(eq(macros.title, title)).for('update');
  return row;
}

export async function updateMacroBody(
  executor: Executor,
  macroId: number,
  text: { body: string; purpose: MessagePurpose },
  at: Date,
): Promise<MacroRecord> {
  return returnedRow(
    await executor
      .update(macros)
      .set({ body: text.body, purpose: text.purpose, active: true, updatedAt: at })
      .where(eq(macros.id, macroId))
      .returning(),
    `updateMacroBody: macro ${macroId} vanished inside its transaction`,
  );
}

// Gives the macro a new title and text; answers undefined when another macro took that title meanwhile
// (the unique index refused it: the transaction is then over, and the caller answers 409).
export async function renameMacro(
  executor: Executor,
  macroId: number,
  values: { title: string; body: string; purpose: MessagePurpose; at: Date },
): Promise<MacroRecord | undefined> {
  try {
    return returnedRow(
      await executor
        .update(macros)
        .set({ title: values.title, body: values.body, purpose: values.purpose, active: true, updatedAt: values.at })
        .where(eq(macros.id, macroId))
        .returning(),
      `renameMacro: macro ${macroId} vanished inside its transaction`,
    );
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

// PostgreSQL's unique_violation (23505), on the driver's error or one Drizzle wrapped.
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

export async function replaceTags(executor: Executor, macroId: number, tags: readonly string[]): Promise<void> {
  await executor.delete(macroTags).where(eq(macroTags.macroId, macroId));
  if (tags.length > 0) await executor.insert(macroTags).values(tags.map((tag) => ({ macroId, tag })));
}

// What the suggestion rules need on every ticket view: no tags, one prepared query.
const activeMacroTexts = preparedPerDatabase((db) =>
  db
    .select({ id: macros.id, title: macros.title, body: macros.body })
    .from(macros)
    .where(eq(macros.active, true))
    .prepare('macros_active_texts'),
);

export async function findActiveMacroTexts(db: Database): Promise<Array<{ id: number; title: string; body: string }>> {
  return activeMacroTexts(db).execute();
}

// One saved text of a macro, with who saved it (the macro's history).
export async function insertVersion(tx: Executor, version: typeof macroVersions.$inferInsert): Promise<void> {
  await tx.insert(macroVersions).values(version);
}

// A macro's saved texts, newest first, with the name of who saved each.
export async function findVersions(db: Executor, macroId: number) {
  return db
    .select({ version: macroVersions, savedBy: employeeNameOf(macroVersions.employeeId) })
    .from(macroVersions)
    .where(eq(macroVersions.macroId, macroId))
    .orderBy(desc(macroVersions.savedAt), desc(macroVersions.id));
}

export async function findMacroByTitle(db: Executor, title: string): Promise<MacroRecord | undefined> {
  const [macro] = await db.select().from(macros).where(eq(macros.title, title));
  return macro;
}

// The active macro with this title, if any (the after-hours auto-response's text).
export async function findActiveMacroByTitle(
  db: Executor,
  title: string,
): Promise<{ id: number; body: string } | undefined> {
  const [row] = await db
    .select({ id: macros.id, body: macros.body })
    .from(macros)
    .where(and(eq(macros.title, title), eq(macros.active, true)));
  return row;
}
