import type { FastifyInstance } from 'fastify';
import { disputeCalls } from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { readPdfUploads } from '../../platform/uploads.ts';
import { registerCall } from '../../platform/register-call.ts';
import { createDisputes } from './create-disputes.ts';
import { assignDispute, getDisputeDetails, openDisputeDocument, unassignDispute } from './dispute-assignment.ts';
import { registerFrivolousDisputeRoutes } from './frivolous-dispute.ts';
import { resolveDispute } from './resolve-dispute.ts';
import { listUnresolvedDisputes } from './unresolved-disputes.ts';
import { updateDisputeDetails } from './update-dispute.ts';
import { searchDisputeUsers } from './user-search.ts';

// The disputes dashboard's calls (spec 001 section 7, under disputes_dashboard/): HTTP only. Any
// signed-in employee may use them (authentication is on for every route); who may change a
// dispute is the lease's rule, in the services.
export function registerDisputeRouteHandlers(app: FastifyInstance, context: DisputesDeps): void {
  registerCall(
    app,
    disputeCalls.createDisputes,
    async (request) => createDisputes(context, actorOf(request), await readPdfUploads(request)),
    { config: { acceptsUploads: true } },
  );

  registerCall(app, disputeCalls.unresolvedDisputes, (request) => listUnresolvedDisputes(context, request.query));

  registerCall(app, disputeCalls.assignDispute, (request) => assignDispute(context, actorOf(request), request.body.id));

  registerCall(app, disputeCalls.disputeDetails, (request) =>
    getDisputeDetails(context, actorOf(request), request.query.id),
  );

  registerCall(app, disputeCalls.unassignDispute, (request) =>
    unassignDispute(context, actorOf(request), request.body.id),
  );

  registerCall(app, disputeCalls.updateDispute, (request) =>
    updateDisputeDetails(context, actorOf(request), request.body.id, request.body.dispute),
  );

  registerCall(app, disputeCalls.resolveDispute, (request) =>
    resolveDispute(context, actorOf(request), request.body.id, request.body),
  );

  registerFrivolousDisputeRoutes(app, context);

  registerCall(app, disputeCalls.userSearch, (request) => searchDisputeUsers(context, actorOf(request), request.query));

  // The web app fetches this with its bearer header and shows it in a frame.
  registerCall(app, disputeCalls.disputeDocument, async (request, reply) => {
    const file = await openDisputeDocument(context, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
