import { z } from 'zod';
import { defineCall } from './call.ts';

// Macros: the canned replies agents insert (typed as #title), grouped by tag.

export const macroSchema = z.object({ id: z.number(), title: z.string(), body: z.string(), tags: z.array(z.string()) });
export type Macro = z.infer<typeof macroSchema>;
export const macroTreeSchema = z.array(z.object({ tag: z.string(), macros: z.array(macroSchema) }));
export type MacroTree = z.infer<typeof macroTreeSchema>;
export const fetchMacrosResponseSchema = z.object({ macros: z.array(macroSchema), tree: macroTreeSchema });
export type FetchMacrosResponse = z.infer<typeof fetchMacrosResponseSchema>;

export const MACRO_TITLE_PATTERN = /^[a-z0-9_]+$/;
export const updateMacroRequestSchema = z.object({
  title: z
    .string({ error: 'A macro needs a title.' })
    .trim()
    .min(1, 'A macro needs a title.')
    .max(64, 'A macro title must be at most 64 characters.')
    .regex(
      MACRO_TITLE_PATTERN,
      'A macro title uses lowercase letters, digits and underscores only (it is typed as #title).',
    ),
  body: z
    .string({ error: 'A macro needs text.' })
    .trim()
    .min(1, 'A macro needs text.')
    .max(2000, 'A macro text must be at most 2,000 characters.'),
  tags: z
    .array(z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'A tag must be at most 40 characters.'))
    .max(10, 'A macro has at most 10 tags.')
    .default([]),
});
export type UpdateMacroRequest = z.input<typeof updateMacroRequestSchema>;
export const updateMacroResponseSchema = z.object({ macro: macroSchema });
export type UpdateMacroResponse = z.infer<typeof updateMacroResponseSchema>;

export const macroCalls = {
  // Every macro, and the tree grouped by tag.
  fetchMacros: defineCall({ method: 'GET', path: 'fetch_macros', response: fetchMacrosResponseSchema }),
  // Creates the macro, or changes the one with this title.
  updateMacro: defineCall({
    method: 'POST',
    path: 'update_macro',
    body: updateMacroRequestSchema,
    response: updateMacroResponseSchema,
  }),
};
