import type { FastifyInstance } from 'fastify';
import { macroCalls } from '@portal/contracts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import type { MacroService } from './service.ts';

export function registerMacroRoutes(app: FastifyInstance, macros: MacroService): void {
  registerCall(app, macroCalls.fetchMacros, () => macros.fetchMacros());

  registerCall(app, macroCalls.updateMacro, (request) => macros.saveMacro(actorOf(request), request.body));

  registerCall(app, macroCalls.macroVersions, (request) => macros.macroVersions(request.query.title));
}
