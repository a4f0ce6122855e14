import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE_PATH, fetchMacrosResponse, updateMacroRequest, updateMacroResponse } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { requireSession } from '../../plugins/auth.ts';
import { createMacroService } from './service.ts';

export function registerMacroRoutes(app: FastifyInstance, context: ServerContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const macros = createMacroService(context);

  api.get(`${API_BASE_PATH}/fetch_macros`, { schema: { response: { 200: fetchMacrosResponse } } }, (request) => {
    requireSession(request);
    return macros.fetchMacros();
  });

  api.post(`${API_BASE_PATH}/update_macro`, { schema: { body: updateMacroRequest, response: { 200: updateMacroResponse } } }, (request) =>
    macros.saveMacro({ employeeId: requireSession(request).employeeId, ipAddress: request.ip }, request.body),
  );
}
