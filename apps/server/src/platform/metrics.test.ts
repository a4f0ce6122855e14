import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { messages } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { drawNotice } from '@portal/demo-data/samples';
import { useStaffSession, useTestApp } from '../testing/use-test-app.ts';
import { METRICS_MESSAGES } from './metrics-route.ts';
import { readUploadedPdfText } from './upload-readers.ts';
import { createWorkQueue } from './work-queue.ts';

// GET /metrics (issue 42, decision 071) through the app: the bearer token, and each figure the
// issue names, moved by what it measures.

const TOKEN = 'metrics-token-for-the-tests';
const t = useTestApp({ metricsToken: TOKEN });
const off = useTestApp();
const agent = useStaffSession(t, ['agent']);

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, app = t.app) =>
  app.inject({ method: 'GET', url: '/metrics', headers });

// The value of one series in Prometheus' text, or undefined.
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN, and 503 where none is set', async () => {
    expect((await scrape({})).statusCode).toBe(401);
    const wrong = await scrape({ authorization: 'Bearer not-the-token-at-all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: [METRICS_MESSAGES.badToken] });
    // A signed-in employee's token is not the scraper's: staff never read the figures this way.
    expect((await scrape(agent.headers)).statusCode).toBe(401);
    const unset = await scrape(undefined, off.app);
    expect(unset.statusCode).toBe(503);
    expect(unset.json()).toEqual({ errors: [METRICS_MESSAGES.off] });
    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and times them', async () => {
    await t.app.inject({ method: 'GET', url: '/internal/api/health' });
    await t.app.inject({ method: 'GET', url: '/internal/api/health' });
    await t.app.inject({ method: 'GET', url: '/internal/api/ach/files/123' });
    const text = (await scrape()).body;
    expect(
      valueOf(text, 'portal_http_requests_total{method="GET",route="/internal/api/health",status="200"}'),
    ).toBeGreaterThanOrEqual(2);
    // The pattern, never the id: a series per customer would grow without end.
    expect(text).toContain('route="/internal/api/ach/files/:id",status="401"');
    expect(text).not.toContain('/ach/files/123');
    expect(
      valueOf(text, 'portal_http_request_duration_seconds_count{method="GET",route="/internal/api/health"}'),
    ).toBeGreaterThanOrEqual(2);
  });

  it('says how deep the outbox and the work queues are, and how long their oldest has waited', async () => {
    const before = (await scrape()).body;
    const customer = await createCustomer(t.database.db);
    await createTicket(t.database.db, {
      customerId: customer.id,
      createdAt: new Date(t.clock.now().getTime() - 600_000),
    });
    await t.database.db.insert(messages).values({
      customerId: customer.id,
      type: 'email',
      inbound: false,
      body: 'Your statement is ready.',
      toAddress: customer.email,
      status: 'queued',
      createdAt: new Date(t.clock.now().getTime() - 90_000),
    });
    const after = (await scrape()).body;
    expect(valueOf(after, 'portal_outbox_depth')).toBe((valueOf(before, 'portal_outbox_depth') ?? 0) + 1);
    expect(valueOf(after, 'portal_outbox_oldest_seconds')).toBeGreaterThanOrEqual(90);
    const tickets = 'portal_work_queue_depth{queue="tickets"}';
    expect(valueOf(after, tickets)).toBe((valueOf(before, tickets) ?? 0) + 1);
    expect(valueOf(after, 'portal_work_queue_oldest_seconds{queue="tickets"}')).toBeGreaterThanOrEqual(600);
    for (const queue of ['disputes', 'bankruptcy_notices', 'income_reviews', 'acdv_requests'])
      expect(valueOf(after, `portal_work_queue_depth{queue="${queue}"}`)).toBe(0);
  });

  it('leaves out a work queue it cannot read, and still answers every other figure', async () => {
    const missing = pgTable('metrics_test_missing_queue', {
      id: bigint({ mode: 'number' }).primaryKey(),
      assignedTo: integer(),
      leaseExpiresAt: timestamp({ withTimezone: true }),
      enteredAt: timestamp({ withTimezone: true }).notNull(),
    });
    createWorkQueue({
      name: 'metrics_test_missing',
      table: missing,
      columns: { id: missing.id, assignedTo: missing.assignedTo, leaseExpiresAt: missing.leaseExpiresAt },
      inQueue: sql`true`,
      order: sql`${missing.enteredAt}`,
      enteredAt: missing.enteredAt,
      heldByOther: () => 'held',
    });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('queue="metrics_test_missing"');
    expect(valueOf(response.body, 'portal_work_queue_depth{queue="tickets"}')).toBeGreaterThanOrEqual(0);
    expect(response.body).toMatch(/^portal_outbox_depth \d/m);
  });

  it('times each upload read in the sandbox, and reports the event loop and the process', async () => {
    const read = await readUploadedPdfText('notice.pdf', await drawNotice('chapter7'));
    expect('text' in read).toBe(true);
    const text = (await scrape()).body;
    expect(
      valueOf(text, 'portal_upload_read_seconds_count{reader="pdf-upload-reader.readPdfUpload",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });
});
