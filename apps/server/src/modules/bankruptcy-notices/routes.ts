import type { FastifyInstance } from 'fastify';
import { bankruptcyNoticeCalls as calls } from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { readPdfUploads } from '../../platform/uploads.ts';
import { registerCall } from '../../platform/register-call.ts';
import { assignNextNotice, assignNotice, unassignNotice } from './assign-notice.ts';
import { createNotices } from './create-notices.ts';
import { getNotice, openNoticeDocument } from './get-notice.ts';
import { listUnprocessedNotices } from './list-notices.ts';
import { processBankruptcyNotice } from './process-notice.ts';
import { updateBankruptcyNotice } from './update-notice.ts';

// The bankruptcy dashboard's calls (spec 001 section 7, under bankruptcy_notices/). Uploading needs
// bankruptcy.create_notices (its descriptor); any signed-in employee may work the notices, and only
// the one holding a notice changes it (the services check).
export function registerNoticeRoutes(app: FastifyInstance, context: BankruptcyNoticesDeps): void {
  // multipart/form-data, files[] repeated: every file is read before anything is written.
  registerCall(
    app,
    calls.createNotices,
    async (request) => createNotices(context, actorOf(request), await readPdfUploads(request)),
    { config: { acceptsUploads: true } },
  );

  registerCall(app, calls.unprocessedNotices, (request) => listUnprocessedNotices(context, request.query));

  registerCall(app, calls.assignNextNotice, (request) => assignNextNotice(context, actorOf(request)));

  registerCall(app, calls.assignNotice, (request) => assignNotice(context, actorOf(request), request.params.id));

  registerCall(app, calls.unassignNotice, (request) => unassignNotice(context, actorOf(request), request.params.id));

  // Never cached: it changes as others work the notice, and its holder is sent the debtors' whole SSNs.
  registerCall(app, calls.getNotice, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getNotice(context, actorOf(request), request.params.id);
  });

  registerCall(app, calls.updateNotice, (request) =>
    updateBankruptcyNotice(context, actorOf(request), request.params.id, request.body.notice),
  );

  registerCall(app, calls.processNotice, (request) =>
    processBankruptcyNotice(context, actorOf(request), request.params.id),
  );

  // The viewer fetches this with its bearer header and shows the blob.
  registerCall(app, calls.noticeDocument, async (request, reply) => {
    const file = await openNoticeDocument(context, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
