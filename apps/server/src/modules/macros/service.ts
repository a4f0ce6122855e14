import {
  MACRO_MESSAGES,
  type CallBody,
  type FetchMacrosResponse,
  type macroCalls,
  type MacroVersionsResponse,
  type UpdateMacroResponse,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { MacrosDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { buildMacroTree } from './macro-tree.ts';
import * as repository from './repository.ts';

// update_macro's body as its contract parsed it (tags default to none).
export type MacroInput = CallBody<typeof macroCalls.updateMacro>;
// What the audit keeps of a macro before a change.
type MacroText = { title: string; body: string; purpose: string; tags: string[] };

export function createMacroService(context: MacrosDeps) {
  const { db, clock } = context;

  async function fetchMacros(): Promise<FetchMacrosResponse> {
    const macros = await repository.findActiveMacros(db);
    return { macros, tree: buildMacroTree(macros) };
  }

  // Creates the macro, or, when one of that title exists, replaces its text and tags (the title
  // is the name agents type as #title, so it is the key). With an original_title other than the
  // title, the editor renamed the macro it loaded: see renameMacro.
  async function saveMacro(editor: Actor, input: MacroInput): Promise<UpdateMacroResponse> {
    if (input.original_title !== undefined && input.original_title !== input.title) {
      return renameMacro(editor, input, input.original_title);
    }
    const tags = sortTags(input.tags);
    const now = clock.now();
    const macro = await db.transaction(async (tx) => {
      // Insert first: two editors creating one title at once cannot both insert, and the loser updates.
      const created = await repository.insertMacro(tx, {
        title: input.title,
        body: input.body,
        purpose: input.purpose,
        at: now,
      });
      let before: MacroText | null = null;
      let saved = created;
      if (!saved) {
        const existing = await repository.lockMacroByTitle(tx, input.title);
        if (!existing) throw new Error(`saveMacro: macro ${input.title} neither inserted nor found`);
        const oldTags = (await repository.findTags(tx, [existing.id])).get(existing.id) ?? [];
        before = { title: existing.title, body: existing.body, purpose: existing.purpose, tags: oldTags };
        saved = await repository.updateMacroBody(tx, existing.id, { body: input.body, purpose: input.purpose }, now);
      }
      return recordSave(tx, editor, {
        saved,
        tags,
        at: now,
        before,
        action: created ? 'macro.created' : 'macro.updated',
      });
    });
    return { macro };
  }

  // The macro of originalTitle takes the new title, text and tags; its id, history and the tickets
  // that used it stay with it. Locked first, so a save of the old title waits for the rename.
  async function renameMacro(editor: Actor, input: MacroInput, originalTitle: string): Promise<UpdateMacroResponse> {
    const tags = sortTags(input.tags);
    const now = clock.now();
    const macro = await db.transaction(async (tx) => {
      const existing = await repository.lockMacroByTitle(tx, originalTitle);
      if (!existing) throw notFound(MACRO_MESSAGES.unknownTitle);
      // Read, not locked: two renames onto each other's titles must not wait on each other. A macro
      // of that title created meanwhile is caught by the unique index instead.
      if (await repository.findMacroByTitle(tx, input.title)) throw conflict(MACRO_MESSAGES.titleTaken(input.title));
      const oldTags = (await repository.findTags(tx, [existing.id])).get(existing.id) ?? [];
      const saved = await repository.renameMacro(tx, existing.id, {
        title: input.title,
        body: input.body,
        purpose: input.purpose,
        at: now,
      });
      if (!saved) throw conflict(MACRO_MESSAGES.titleTaken(input.title));
      const before = { title: existing.title, body: existing.body, purpose: existing.purpose, tags: oldTags };
      return recordSave(tx, editor, { saved, tags, at: now, before, action: 'macro.renamed' });
    });
    return { macro };
  }

  async function macroVersions(title: string): Promise<MacroVersionsResponse> {
    const macro = await repository.findMacroByTitle(db, title);
    if (!macro) throw notFound(MACRO_MESSAGES.unknownTitle);
    const rows = await repository.findVersions(db, macro.id);
    return {
      versions: rows.map(({ version, savedBy }) => ({
        title: version.title,
        body: version.body,
        tags: version.tags,
        saved_by: savedBy,
        saved_at: version.savedAt.toISOString(),
      })),
    };
  }

  return { fetchMacros, saveMacro, macroVersions };
}

// What every save writes after the macro's row: its tags, the version kept for its history, and the
// audit event; answers the macro as saved.
async function recordSave(
  tx: Executor,
  editor: Actor,
  change: { saved: repository.MacroRecord; tags: string[]; at: Date; before: MacroText | null; action: string },
) {
  const { saved, tags, at, before, action } = change;
  await repository.replaceTags(tx, saved.id, tags);
  await repository.insertVersion(tx, {
    macroId: saved.id,
    title: saved.title,
    body: saved.body,
    tags,
    employeeId: editor.employeeId,
    savedAt: at,
  });
  const after = { id: saved.id, title: saved.title, body: saved.body, purpose: saved.purpose, tags };
  await recordAuditEvent(tx, {
    employeeId: editor.employeeId,
    action,
    entityType: 'macro',
    entityId: saved.id,
    before,
    after,
    ipAddress: editor.ipAddress,
  });
  return after;
}

// Trimmed and one of each by the contract (parseMacroTags); kept in order of name.
function sortTags(tags: readonly string[]): string[] {
  return [...tags].sort((a, b) => a.localeCompare(b));
}

export type MacroService = ReturnType<typeof createMacroService>;
