import type { z } from 'zod';
import { defineCall, FILE_RESPONSE, needs } from './call.ts';

// The lists' CSV exports (issue 40, decision 060): each list's rows under the filters and sort its
// screen shows (the same fields as the list's own call, without the page), as one CSV file. Every
// export needs lists.export and the list's own access besides, holds at most LIST_EXPORT_MAX_ROWS
// rows (the first ones in the list's order; the headers below say when there were more) and is
// audited (who, which list, which filters, how many rows). Each list's export call lives beside the
// list's own calls, so a screen loads only its own; list-exports.ts gathers them for the server.

// A spreadsheet of ten thousand rows is what a person reads or filters by hand; more is a report
// for the database, not a screen's export. Over it the file holds the first rows and says so.
export const LIST_EXPORT_MAX_ROWS = 10_000;

// The response headers of an export: the rows in the file, the rows the filters match, and
// 'true' when the file holds fewer than that (the cap).
export const LIST_EXPORT_HEADERS = {
  rows: 'x-export-rows',
  total: 'x-export-total-rows',
  truncated: 'x-export-truncated',
} as const;

// GET exports/<path>.csv with the list's filters.
export function listExportCall<const Query extends z.ZodType>(path: string, query: Query) {
  return defineCall({
    method: 'GET',
    path: `exports/${path}.csv`,
    access: needs('lists.export'),
    query,
    response: FILE_RESPONSE,
  });
}

// The file's name: the list, what narrows it (a survey's path), the business date it was made.
export function listExportFileName(name: string, date: string, detail?: string): string {
  const safe = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
  const parts = [safe(name), detail === undefined ? '' : safe(detail), date].filter((part) => part !== '');
  return `${parts.join('-')}.csv`;
}
