import type { z } from 'zod';
import { archivedTicketsFiltersSchema, escalatedTicketsFiltersSchema, ticketCalls } from './tickets.ts';
import { bankruptcyNoticeCalls, unprocessedNoticesFiltersSchema } from './bankruptcy-notices.ts';
import { defineCall, FILE_RESPONSE, needs, type CallDescriptor } from './call.ts';
import { disputeCalls, unresolvedDisputesFiltersSchema } from './disputes.ts';
import { staffCalls, staffFiltersSchema } from './staff.ts';
import { surveyCalls, surveyUsersFiltersSchema } from './surveys.ts';

// The lists' CSV exports (issue 40, decision 060): each list's rows under the filters and sort its
// screen shows (the same fields as the list's own call, without the page), as one CSV file. Every
// export needs lists.export and the list's own access besides, holds at most LIST_EXPORT_MAX_ROWS
// rows (the first ones in the list's order; the headers below say when there were more) and is
// audited (who, which list, which filters, how many rows).

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

function exportCall<const Query extends z.ZodType>(path: string, query: Query) {
  return defineCall({
    method: 'GET',
    path: `exports/${path}.csv`,
    access: needs('lists.export'),
    query,
    response: FILE_RESPONSE,
  });
}

export const listExportCalls = {
  unresolvedDisputes: exportCall('unresolved_disputes', unresolvedDisputesFiltersSchema),
  unprocessedNotices: exportCall('unprocessed_notices', unprocessedNoticesFiltersSchema),
  surveyUsers: exportCall('survey_users', surveyUsersFiltersSchema),
  staff: exportCall('staff', staffFiltersSchema),
  archivedTickets: exportCall('archived_tickets', archivedTicketsFiltersSchema),
  escalatedTickets: exportCall('escalated_tickets', escalatedTicketsFiltersSchema),
};

export type ListExportName = keyof typeof listExportCalls;

// Each export's list: the screen's own call (whose access the caller must hold as well) and the
// name its file and its audit event give it.
export const listExports: Readonly<Record<ListExportName, { list: CallDescriptor; name: string }>> = {
  unresolvedDisputes: { list: disputeCalls.unresolvedDisputes, name: 'unresolved_disputes' },
  unprocessedNotices: { list: bankruptcyNoticeCalls.unprocessedNotices, name: 'unprocessed_notices' },
  surveyUsers: { list: surveyCalls.surveyResults, name: 'survey_users' },
  staff: { list: staffCalls.listStaff, name: 'staff' },
  archivedTickets: { list: ticketCalls.archivedTickets, name: 'archived_tickets' },
  escalatedTickets: { list: ticketCalls.escalatedTickets, name: 'escalated_tickets' },
};

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
