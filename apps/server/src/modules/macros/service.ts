import {
  MACRO_MESSAGES,
  type CallBody,
  type FetchMacrosResponse,
  type macroCalls,
  type MacroVersionsResponse,
  type UpdateMacroResponse,
} from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { buildMacroTree } from './macro-tree.ts';
import * as repository from './repository.ts';

// update_macro's body as its contract parsed it (tags default to none).
export type MacroInput = CallBody<typeof macroCalls.updateMacro>;

export function createMacroService(context: ServerContext) {
  const { db, clock } = context;

  async function fetchMacros(): Promise<FetchMacrosResponse> {
    const macros = await repository.findActiveMacros(db);
    return { macros, tree: buildMacroTree(macros) };
  }

  // Creates the macro, or, when one of that title exists, replaces its text and tags (the title
  // is the name agents type as #title, so it is the key).
  async function saveMacro(editor: Actor, input: MacroInput): Promise<UpdateMacroResponse> {
    // Trimmed and one of each by the contract (parseMacroTags); kept in order of name.
    const tags = [...input.tags].sort((a, b) => a.localeCompare(b));
    const now = clock.now();
    const macro = await db.transaction(async (tx) => {
      // Insert first: two editors creating one title at once cannot both insert, and the loser updates.
      const created = await repository.insertMacro(tx, { title: input.title, body: input.body, at: now });
      let before: MacroInput | null = null;
      let saved = created;
      if (!saved) {
        const existing = await repository.lockMacroByTitle(tx, input.title);
        if (!existing) throw new Error(`saveMacro: macro ${input.title} neither inserted nor found`);
        const oldTags = (await repository.findTags(tx, [existing.id])).get(existing.id) ?? [];
        before = { title: existing.title, body: existing.body, tags: oldTags };
        saved = await repository.updateMacroBody(tx, existing.id, input.body, now);
      }
      await repository.replaceTags(tx, saved.id, tags);
      await repository.insertVersion(tx, {
        macroId: saved.id,
        title: saved.title,
        body: saved.body,
        tags,
        employeeId: editor.employeeId,
        savedAt: now,
      });
      const after = { id: saved.id, title: saved.title, body: saved.body, tags };
      await recordAuditEvent(tx, {
        employeeId: editor.employeeId,
        action: created ? 'macro.created' : 'macro.updated',
        entityType: 'macro',
        entityId: saved.id,
        before,
        after,
        ipAddress: editor.ipAddress,
      });
      return after;
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

export type MacroService = ReturnType<typeof createMacroService>;
