import type { FastifyInstance } from 'fastify';
import { identificationCalls as calls } from '@portal/contracts';
import type { IdentificationsDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { completeIdentification } from './complete-identification.ts';
import { fetchIdentifications } from './identification-cards.ts';

// GET users/fetch_identifications and PATCH users/complete_identification (spec 001 section 7).
export function registerIdentificationRouteHandlers(app: FastifyInstance, context: IdentificationsDeps): void {
  registerCall(app, calls.fetchIdentifications, (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return fetchIdentifications(context);
  });
  registerCall(app, calls.completeIdentification, (request) =>
    completeIdentification(context, actorOf(request), request.body),
  );
}
