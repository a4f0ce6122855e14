import type { FastifyInstance } from 'fastify';
import { macroCalls } from '@portal/contracts';
import type { MacroValuesDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { readMacroValues } from './macro-values.ts';

// GET macro_values: HTTP only. Any signed-in employee, as user_info (the descriptor says so).
export function registerMacroValueRoutes(app: FastifyInstance, context: MacroValuesDeps): void {
  registerCall(app, macroCalls.macroValues, (request, reply) => {
    // The account as it is now: never kept by a browser or a proxy.
    reply.header('cache-control', 'private, no-store');
    return readMacroValues(context, actorOf(request), request.query);
  });
}
