import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_BASE_PATH } from '@portal/contracts';
import type { Database } from '@portal/db';

// For load balancers and the end-to-end runner: answers once the database answers.
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get(`${API_BASE_PATH}/health`, { config: { public: true } }, async () => {
    await db.execute(sql`select 1`);
    return { ok: true };
  });
}
