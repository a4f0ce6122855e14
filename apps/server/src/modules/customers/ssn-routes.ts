import type { FastifyInstance } from 'fastify';
import { ssnCalls } from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { revealCustomerSsn, updateCustomerSsn } from './ssn-service.ts';

// The SSN calls of the user page's Advanced modal: change it, and (with customers.reveal_ssn and a
// reason) see it whole.
export function registerSsnRoutes(app: FastifyInstance, context: CustomersDeps): void {
  registerCall(app, ssnCalls.updateSsn, (request) => updateCustomerSsn(context, actorOf(request), request.body));
  registerCall(app, ssnCalls.revealSsn, async (request, reply) => {
    const answer = await revealCustomerSsn(context, actorOf(request), request.body);
    // The whole number is kept by no cache, shared or the browser's.
    reply.header('cache-control', 'no-store');
    return answer;
  });
}
