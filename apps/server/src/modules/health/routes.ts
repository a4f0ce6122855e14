import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthCalls } from '@portal/contracts';
import type { Database } from '@portal/db';
import { registerCall } from '../../platform/register-call.ts';

// For load balancers and the end-to-end runner: answers once the database answers.
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  registerCall(app, healthCalls.checkHealth, async () => {
    await db.execute(sql`select 1`);
    return { ok: true as const };
  });
}
