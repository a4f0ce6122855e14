import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { messagePurposeSchema } from './contact-rules.ts';
import { verbatimMessage } from './errors.ts';
import { macroValuesQuerySchema, macroValuesResponseSchema } from './macro-variables.ts';
import { unknownVariablesError } from './rules/macro-variables.ts';

// Macros: the canned replies agents insert (typed as #title), grouped by tag.

export const macroSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  // What a message sent from it is, for the contact gate (decision 046): collection or servicing.
  purpose: messagePurposeSchema,
});
export type Macro = z.infer<typeof macroSchema>;
export const macroTreeSchema = z.array(z.object({ tag: z.string(), macros: z.array(macroSchema) }));
export type MacroTree = z.infer<typeof macroTreeSchema>;
export const fetchMacrosResponseSchema = z.object({ macros: z.array(macroSchema), tree: macroTreeSchema });
export type FetchMacrosResponse = z.infer<typeof fetchMacrosResponseSchema>;

export const MACRO_TITLE_PATTERN = /^[a-z0-9_]+$/;
export const MACRO_MAX_TAGS = 10;
export const MACRO_TAG_MAX_LENGTH = 40;
// The editor's messages (spec 001 sections 5 and 8).
export const MACRO_MESSAGES = {
  needsTitle: verbatimMessage('MACRO NEEDS A TITLE'),
  needsBody: verbatimMessage('MACRO NEEDS A BODY'),
  unknownTitle: "That macro doesn't exist yet!",
  // A rename onto a title another macro already has (409).
  titleTaken: (title: string) =>
    `Another macro is already called ${title}. Choose a different title, or load that macro to change it.`,
} as const;

export const MACRO_TITLE_MAX_LENGTH = 64;
export const MACRO_BODY_MAX_LENGTH = 2000;
const titleTooLong = `A macro title must be at most ${MACRO_TITLE_MAX_LENGTH} characters.`;

// Tags as the editor sends them, comma-separated (or as a list): each trimmed, empty ones dropped,
// one of each whatever its letter case (the first spelling kept).
export function parseMacroTags(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

export const updateMacroRequestSchema = z.object({
  title: z
    .string({ error: MACRO_MESSAGES.needsTitle })
    .trim()
    .min(1, MACRO_MESSAGES.needsTitle)
    .max(MACRO_TITLE_MAX_LENGTH, titleTooLong)
    // An empty title has its own message (MACRO NEEDS A TITLE), not this one as well.
    .refine(
      (title) => title === '' || MACRO_TITLE_PATTERN.test(title),
      'A macro title uses lowercase letters, digits and underscores only (it is typed as #title).',
    ),
  body: z
    .string({ error: MACRO_MESSAGES.needsBody })
    .trim()
    .min(1, MACRO_MESSAGES.needsBody)
    .max(MACRO_BODY_MAX_LENGTH, 'A macro text must be at most 2,000 characters.')
    // Every variable is the catalogue's or asked of the agent ({?label}): a name nobody fills would
    // stop every reply made from the macro (decision 061).
    .superRefine((body, context) => {
      const unknown = unknownVariablesError(body);
      if (unknown) context.addIssue({ code: 'custom', message: unknown });
    }),
  tags: z
    .union([z.string().max(1000), z.array(z.string().max(1000)).max(100)], {
      error: 'Tags are one text, separated by commas (or a list of tags).',
    })
    .default([])
    .transform(parseMacroTags)
    .pipe(
      z
        .array(z.string().max(MACRO_TAG_MAX_LENGTH, `A tag must be at most ${MACRO_TAG_MAX_LENGTH} characters.`))
        .max(MACRO_MAX_TAGS, `A macro has at most ${MACRO_MAX_TAGS} tags.`),
    ),
  // Collection or servicing (decision 046); servicing when not said.
  purpose: messagePurposeSchema.default('servicing'),
  // The title the macro had when the editor loaded it: a different title renames that macro (its id,
  // history and tickets stay). Left out, or the same as title, the macro of title is saved.
  original_title: z
    .string({ error: 'The original title is a text (the title the macro had when it was loaded).' })
    .trim()
    .max(MACRO_TITLE_MAX_LENGTH, titleTooLong)
    .nullish()
    .transform((value) => (value ? value : undefined)),
});
export type UpdateMacroRequest = z.input<typeof updateMacroRequestSchema>;
export const updateMacroResponseSchema = z.object({ macro: macroSchema });
export type UpdateMacroResponse = z.infer<typeof updateMacroResponseSchema>;

// A macro's history (the editor's): every saved text, newest first, with who saved it.
export const macroVersionsQuerySchema = z.object({
  title: z.string().trim().min(1, MACRO_MESSAGES.needsTitle).max(MACRO_TITLE_MAX_LENGTH, titleTooLong),
});
export const macroVersionSchema = z.object({
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  saved_by: z.string().nullable(),
  saved_at: z.string(),
});
export type MacroVersion = z.infer<typeof macroVersionSchema>;
export const macroVersionsResponseSchema = z.object({ versions: z.array(macroVersionSchema) });
export type MacroVersionsResponse = z.infer<typeof macroVersionsResponseSchema>;

export const macroCalls = {
  // Every macro, and the tree grouped by tag.
  fetchMacros: defineCall({
    method: 'GET',
    path: 'fetch_macros',
    access: 'signedIn',
    response: fetchMacrosResponseSchema,
  }),
  // Creates the macro, or changes the one with this title; with original_title, renames that one
  // (404 when there is none, 409 when another macro has the new title).
  updateMacro: defineCall({
    method: 'POST',
    path: 'update_macro',
    access: needs('macros.edit'),
    body: updateMacroRequestSchema,
    response: updateMacroResponseSchema,
  }),
  // The values of the account's and the employee's variables for a ticket's customer (or a
  // customer's), read when an agent inserts a macro (decision 061). Any signed-in employee, as
  // user_info: 404 for an unknown ticket or customer.
  macroValues: defineCall({
    method: 'GET',
    path: 'macro_values',
    access: 'signedIn',
    query: macroValuesQuerySchema,
    response: macroValuesResponseSchema,
  }),
  // The macro's saved texts; "That macro doesn't exist yet!" (404) for an unknown title.
  macroVersions: defineCall({
    method: 'GET',
    path: 'macro_versions',
    access: 'signedIn',
    query: macroVersionsQuerySchema,
    response: macroVersionsResponseSchema,
  }),
};
