import {
  MACRO_MESSAGES,
  parseMacroTags,
  updateMacroRequestSchema,
  type Macro,
  type MessagePurpose,
  type UpdateMacroRequest,
} from '@portal/contracts';

// The editor's form: tags as the one comma-separated text the editor types; purpose collection or
// servicing (the contact gate's, decision 046).
export type MacroDraft = { title: string; body: string; tags: string; purpose: MessagePurpose };
export type DraftField = keyof MacroDraft;
export type DraftErrors = Partial<Record<DraftField, string[]>>;

export const EMPTY_DRAFT: MacroDraft = { title: '', body: '', tags: '', purpose: 'servicing' };

export function draftOf(macro: Pick<Macro, 'title' | 'body' | 'tags' | 'purpose'>): MacroDraft {
  return { title: macro.title, body: macro.body, tags: macro.tags.join(', '), purpose: macro.purpose };
}

// Whether saving would change anything: compared as the server keeps it (trimmed, tags one of
// each and in order), so a stray comma or space is not an unsaved change.
export function sameDraft(a: MacroDraft, b: MacroDraft): boolean {
  const tagsOf = (draft: MacroDraft) =>
    parseMacroTags(draft.tags)
      .sort((x, y) => x.localeCompare(y))
      .join('\n');
  return (
    a.title.trim() === b.title.trim() &&
    a.body.trim() === b.body.trim() &&
    tagsOf(a) === tagsOf(b) &&
    a.purpose === b.purpose
  );
}

// update_macro's body: original_title is the title the macro was loaded with (a rename when the
// title changed); a new macro has none.
export function macroRequest(draft: MacroDraft, originalTitle: string | null): UpdateMacroRequest {
  return {
    title: draft.title,
    body: draft.body,
    tags: draft.tags,
    purpose: draft.purpose,
    ...(originalTitle === null ? {} : { original_title: originalTitle }),
  };
}

const FIELDS: readonly DraftField[] = ['title', 'body', 'tags', 'purpose'];

// The contract's own sentences ('MACRO NEEDS A TITLE', ...) by field, before anything is sent; and
// a title another macro already has (the server would save onto it, or refuse a rename).
export function checkDraft(
  draft: MacroDraft,
  originalTitle: string | null,
  existingTitles: ReadonlySet<string>,
): DraftErrors | null {
  const parsed = updateMacroRequestSchema.safeParse(macroRequest(draft, originalTitle));
  const errors: DraftErrors = {};
  const add = (field: DraftField, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((candidate) => candidate === issue.path[0]) ?? 'title';
      add(field, issue.message);
    }
  } else if (parsed.data.title !== originalTitle && existingTitles.has(parsed.data.title)) {
    add('title', MACRO_MESSAGES.titleTaken(parsed.data.title));
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
