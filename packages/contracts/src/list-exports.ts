import { bankruptcyNoticeCalls, unprocessedNoticesExportCall } from './bankruptcy-notices.ts';
import type { CallDescriptor } from './call.ts';
import { disputeCalls, unresolvedDisputesExportCall } from './disputes.ts';
import { staffCalls, staffExportCall } from './staff.ts';
import { surveyCalls, surveyUsersExportCall } from './surveys.ts';
import { archivedTicketsExportCall, escalatedTicketsExportCall, ticketCalls } from './tickets.ts';

// Every list's CSV export (decision 060; the calls and their rules in list-export-call.ts), for the
// server's routes and the API's list of calls. Screens import their own list's call from its module.

export const listExportCalls = {
  unresolvedDisputes: unresolvedDisputesExportCall,
  unprocessedNotices: unprocessedNoticesExportCall,
  surveyUsers: surveyUsersExportCall,
  staff: staffExportCall,
  archivedTickets: archivedTicketsExportCall,
  escalatedTickets: escalatedTicketsExportCall,
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
