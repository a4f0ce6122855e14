import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIST_EXPORT_HEADERS, listExportCalls as calls } from '@portal/contracts';
import type { ListExportsDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { unprocessedNoticesList } from '../bankruptcy-notices/index.ts';
import { unresolvedDisputesList } from '../disputes/index.ts';
import { staffList } from '../staff/index.ts';
import { surveyUsersList } from '../surveys/index.ts';
import { ticketList } from '../tickets/index.ts';
import { exportList, type ListExportFile } from './export-list.ts';
import { listColumns } from './list-columns.ts';

// The file, saved under its name, never cached (it names customers and staff); the headers say how
// many rows it holds, how many the filters matched, and whether the cap cut it short.
function sendCsv(reply: FastifyReply, file: ListExportFile): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header(LIST_EXPORT_HEADERS.rows, String(file.rows))
    .header(LIST_EXPORT_HEADERS.total, String(file.total))
    .header(LIST_EXPORT_HEADERS.truncated, String(file.truncated))
    .send(file.body);
}

// GET exports/<list>.csv {the list's filters}: each list's rows as its screen filters and sorts them,
// read through the list's owner module, which the screen's own call reads too (decision 060). The
// descriptors declare lists.export; exportList checks the list's own access and audits the file.
export function registerListExportRoutes(app: FastifyInstance, deps: ListExportsDeps): void {
  registerCall(app, calls.unresolvedDisputes, async (request, reply) => {
    const list = {
      name: 'unresolvedDisputes',
      source: unresolvedDisputesList(deps),
      columns: listColumns.unresolvedDisputes,
    } as const;
    return sendCsv(reply, await exportList(deps, actorOf(request), list, request.query));
  });
  registerCall(app, calls.unprocessedNotices, async (request, reply) => {
    const list = {
      name: 'unprocessedNotices',
      source: unprocessedNoticesList(deps),
      columns: listColumns.unprocessedNotices,
    } as const;
    return sendCsv(reply, await exportList(deps, actorOf(request), list, request.query));
  });
  registerCall(app, calls.surveyUsers, async (request, reply) => {
    const list = {
      name: 'surveyUsers',
      source: surveyUsersList(deps),
      columns: listColumns.surveyUsers,
      fileDetail: (filters: { path: string }) => filters.path,
    } as const;
    return sendCsv(reply, await exportList(deps, actorOf(request), list, request.query));
  });
  registerCall(app, calls.staff, async (request, reply) => {
    const list = { name: 'staff', source: staffList(deps), columns: listColumns.staff } as const;
    return sendCsv(reply, await exportList(deps, actorOf(request), list, request.query));
  });
  registerCall(app, calls.archivedTickets, async (request, reply) => {
    const list = {
      name: 'archivedTickets',
      source: ticketList('archived'),
      columns: listColumns.archivedTickets,
    } as const;
    return sendCsv(reply, await exportList(deps, actorOf(request), list, request.query));
  });
  registerCall(app, calls.escalatedTickets, async (request, reply) => {
    const list = {
      name: 'escalatedTickets',
      source: ticketList('escalated'),
      columns: listColumns.escalatedTickets,
    } as const;
    return sendCsv(reply, await exportList(deps, actorOf(request), list, request.query));
  });
}
