import type { FastifyInstance } from 'fastify';
import { evidencePackCalls } from '@portal/contracts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { startEvidencePack } from './build-pack.ts';
import type { EvidencePackDeps } from './deps.ts';

// GET users/evidence_pack: the ZIP, streamed as it is built and saved under its name; never cached
// (it holds a customer's data).
export function registerEvidencePackRoutes(app: FastifyInstance, deps: EvidencePackDeps): void {
  registerCall(app, evidencePackCalls.getEvidencePack, async (request, reply) => {
    const pack = await startEvidencePack(deps, actorOf(request), request.query.user_id);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${pack.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pack.stream);
  });
}
