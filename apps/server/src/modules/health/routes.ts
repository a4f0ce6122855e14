import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthCalls } from '@portal/contracts';
import { pendingMigrationCount, type Database } from '@portal/db';
import { HttpError } from '../../platform/http-error.ts';
import { registerCall } from '../../platform/register-call.ts';

const READY = { ok: true as const };
// A readiness probe that waits on a stuck database longer than this says not ready rather than
// hanging: an orchestrator's probe gives up after a few seconds and learns nothing.
export const READINESS_TIMEOUT_MS = 2_000;

function withinTime<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

// For load balancers and the end-to-end runner: answers once the database answers.
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  registerCall(app, healthCalls.checkHealth, async () => {
    await db.execute(sql`select 1`);
    return READY;
  });

  // The process answers: nothing else is asked.
  registerCall(app, healthCalls.checkLiveness, async () => READY);

  // The database answers (within READINESS_TIMEOUT_MS) and the migrations are all applied (a process
  // may start answering while another still migrates under the lock). Each failure is a 503 that
  // says why.
  registerCall(app, healthCalls.checkReadiness, async (request) => {
    let pending: number;
    try {
      pending = await withinTime(pendingMigrationCount(db), READINESS_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readyz: the database did not answer');
      throw new HttpError(503, 'Not ready: the database does not answer.');
    }
    if (pending > 0)
      throw new HttpError(
        503,
        `Not ready: ${pending} database ${pending === 1 ? 'migration is' : 'migrations are'} not applied yet.`,
      );
    return READY;
  });
}
