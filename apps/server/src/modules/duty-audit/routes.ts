import type { FastifyInstance } from 'fastify';
import { dutyAuditCalls } from '@portal/contracts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import type { DutyAuditDeps } from './deps.ts';
import { runDutyAudit } from './run-duty-audit.ts';

// GET duty_audit {from, to}: compliance's report (the descriptor declares compliance.duty_audit; the
// platform refuses anyone else before the query is read). Never cached: it names customers.
export function registerDutyAuditRoutes(app: FastifyInstance, deps: DutyAuditDeps): void {
  registerCall(app, dutyAuditCalls.dutyAudit, async (request, reply) => {
    const report = await runDutyAudit(deps, actorOf(request), request.query);
    void reply.header('cache-control', 'private, no-store');
    return report;
  });
}
