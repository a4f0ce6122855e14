import type { FastifyInstance } from 'fastify';
import { achCalls as calls } from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { listAchFiles, openAchFile } from './ach-files.ts';
import { buildAchFile } from './ach-origination.ts';
import { importAchReturns, listReturnFiles } from './ach-returns.ts';

// The ACH files' calls (issue 41): each needs payments.ach_files (its descriptor).
export function registerAchRoutes(app: FastifyInstance, context: LoansDeps): void {
  registerCall(app, calls.buildFile, (request) => buildAchFile(context, actorOf(request)));

  registerCall(app, calls.listFiles, (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listAchFiles(context);
  });

  // multipart/form-data, the bank's return file in files[].
  registerCall(app, calls.importReturns, (request) => importAchReturns(context, actorOf(request), request), {
    config: { acceptsUploads: true },
  });

  registerCall(app, calls.listReturnFiles, (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listReturnFiles(context);
  });

  // The NACHA text as the bank takes it; every download is audited.
  registerCall(app, calls.downloadFile, async (request, reply) => {
    const file = await openAchFile(context, actorOf(request), request.params.id);
    return reply
      .type('text/plain; charset=us-ascii')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
