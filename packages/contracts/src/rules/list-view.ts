import { z } from 'zod';
import { int32Schema } from '../primitives.ts';

// A list's view: its filters, sort and page, as one zod object whose every field has a default
// (issue 40, decision 060). The server reads it strictly from the query (a bad value is a 400 that
// names it); the web app reads the same object leniently from the page's URL, so a link with a stale
// or mistyped value opens the list with that one value at its default instead of an error.

// An object of fields that each give a value when the parameter is missing.
export type ListViewSchema = z.ZodObject<Record<string, z.ZodType>>;
// The view such an object reads: every field with its value.
export type ListView<Schema extends ListViewSchema> = z.output<Schema>;

// A choice among fixed values, refused in a sentence that lists them.
export function listOption<const Values extends readonly [string, ...string[]]>(
  name: string,
  values: Values,
  fallback: Values[number],
) {
  return z.enum(values, { error: `${name} must be one of: ${values.join(', ')}.` }).default(fallback);
}

// A sort by one column: the column's name, ascending, or with a leading '-', descending.
export function listSort<const Columns extends readonly [string, ...string[]]>(
  columns: Columns,
  fallback: SortOf<Columns>,
) {
  const values = columns.flatMap((column) => [column, `-${column}`]);
  return z
    .enum(values as [string, ...string[]], { error: `The sort must be one of: ${values.join(', ')}.` })
    .default(fallback) as unknown as z.ZodDefault<z.ZodType<SortOf<Columns>, SortOf<Columns> | undefined>>;
}

export type SortOf<Columns extends readonly string[]> = Columns[number] | `-${Columns[number]}`;

// The column a sort orders by, and whether downward.
export function readSort<Column extends string>(sort: Column | `-${Column}`): { column: Column; descending: boolean } {
  return sort.startsWith('-')
    ? { column: sort.slice(1) as Column, descending: true }
    : { column: sort as Column, descending: false };
}

// Free text to look for: trimmed, one line, at most 100 characters; empty means no filter.
export const LIST_SEARCH_MAX_LENGTH = 100;
export const listSearchSchema = z
  .string()
  .trim()
  .max(LIST_SEARCH_MAX_LENGTH, `The search can be at most ${LIST_SEARCH_MAX_LENGTH} characters.`)
  .refine((text) => !/\p{Cc}/u.test(text), 'The search must not contain control characters.')
  // A query string's bytes that are not UTF-8 stay percent-escaped when it is parsed.
  .refine((text) => !/%[0-9a-f]{2}/i.test(text), 'The search must be text (it held bytes that are not UTF-8).')
  .default('');

// The page of a list, from 1.
export const listPageSchema = int32Schema({ min: 1 }).default(1);

// The default of each field, which a URL leaves out.
export function listViewDefaults<Schema extends ListViewSchema>(schema: Schema): z.output<Schema> {
  return readListView(schema, new URLSearchParams());
}

// The view a URL's query names: each field read on its own, a missing or bad value replaced by its
// default, parameters the view does not know ignored.
export function readListView<Schema extends ListViewSchema>(schema: Schema, params: URLSearchParams): z.output<Schema> {
  const view: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : field.safeParse(raw);
    view[key] = parsed?.success ? parsed.data : field.parse(undefined);
  }
  return view as z.output<Schema>;
}

// The query that names a view: only the fields away from their default, in the schema's order, so
// the same view always has the same URL and the shortest one.
export function writeListView<Schema extends ListViewSchema>(
  schema: Schema,
  view: Partial<z.output<Schema>>,
): URLSearchParams {
  const defaults = listViewDefaults(schema) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = (view as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  return params;
}
