import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '@portal/db';
import type { Clock } from './clock.ts';
import { workQueueMeasures } from './work-queue.ts';

// What the people who run the Portal watch (issue 42, decision 071), in Prometheus' text format at
// GET /metrics (metrics-route.ts). Two registries:
// - the process's, made once: Node's own figures (event-loop lag among them, from
//   monitorEventLoopDelay), and the time each upload took to read in the sandbox;
// - the app's, one per buildApp: requests per route and the database pool;
// - the database's, one per buildApp: the outbox and the work queues, read from the database when
//   scraped. Under the process supervisor only the process a scrape reaches reads them: they are
//   the same figures whichever process reads them.

const SECOND_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });

const uploadReads = new Histogram({
  name: 'portal_upload_read_seconds',
  help: 'Time to read one uploaded file in the upload sandbox (queueing included), by reader and outcome (ok, time, memory, refused, failed).',
  labelNames: ['reader', 'outcome'] as const,
  buckets: SECOND_BUCKETS,
  registers: [processRegistry],
});

// Called by the upload sandbox as each file is read.
export function observeUploadRead(reader: string, outcome: string, seconds: number): void {
  uploadReads.observe({ reader, outcome }, seconds);
}

export type AppMetrics = {
  observeRequest: (request: { method: string; route: string; status: number; seconds: number }) => void;
  // The text Prometheus scrapes, and its content type.
  render: () => Promise<{ contentType: string; text: string }>;
};

export function createAppMetrics(deps: {
  database: DatabaseHandle;
  clock: Clock;
  log?: { warn: (details: object, message: string) => void };
}): AppMetrics {
  const { database, clock, log } = deps;
  const registry = new Registry();
  const databaseRegistry = new Registry();
  const secondsSince = (at: Date | null) =>
    at === null ? 0 : Math.max(0, (clock.now().getTime() - at.getTime()) / 1000);

  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: SECOND_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'portal_db_pool_connections',
    help: "The PostgreSQL pool's connections: total and idle (none with the embedded database).",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries waiting for a free connection of the pool.',
    registers: [registry],
    collect() {
      this.set(database.poolStats?.().waiting ?? 0);
    },
  });

  // One read of the outbox serves both of its gauges at a scrape.
  let outboxRead: Promise<{ depth: number; oldest: Date | null }> | null = null;
  const readOutbox = () =>
    (outboxRead ??= (async () => {
      const result = (await database.db.execute(
        sql`select count(*)::int as depth, min(created_at) as oldest from messages where status = 'queued' and not inbound`,
      )) as unknown as { rows: Array<{ depth: number; oldest: string | Date | null }> };
      const row = result.rows[0];
      return { depth: Number(row?.depth ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    })().finally(() => {
      outboxRead = null;
    }));
  new Gauge({
    name: 'portal_outbox_depth',
    help: 'Outbound texts and emails queued and not yet delivered (held for quiet hours and undo windows included).',
    registers: [databaseRegistry],
    async collect() {
      this.set((await readOutbox()).depth);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_seconds',
    help: 'Age of the oldest outbound message not yet delivered (0 when none waits).',
    registers: [databaseRegistry],
    async collect() {
      this.set(secondsSince((await readOutbox()).oldest));
    },
  });

  let queuesRead: Promise<Map<string, { depth: number; oldestEnteredAt: Date | null }>> | null = null;
  const readQueues = () =>
    (queuesRead ??= (async () => {
      const measured = new Map<string, { depth: number; oldestEnteredAt: Date | null }>();
      // A queue that cannot be read now is left out of this scrape (and said in the log), rather
      // than failing every figure with it.
      for (const [name, measure] of workQueueMeasures())
        await measure(database.db).then(
          (figures) => measured.set(name, figures),
          (error: unknown) => log?.warn({ err: error, queue: name }, 'Metrics: a work queue could not be read'),
        );
      return measured;
    })().finally(() => {
      queuesRead = null;
    }));
  new Gauge({
    name: 'portal_work_queue_depth',
    help: 'Items waiting in each work queue (tickets, disputes, bankruptcy notices, income reviews, ACDV requests).',
    labelNames: ['queue'] as const,
    registers: [databaseRegistry],
    async collect() {
      for (const [queue, measured] of await readQueues()) this.set({ queue }, measured.depth);
    },
  });
  new Gauge({
    name: 'portal_work_queue_oldest_seconds',
    help: 'Age of the oldest item waiting in each work queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [databaseRegistry],
    async collect() {
      for (const [queue, measured] of await readQueues()) this.set({ queue }, secondsSince(measured.oldestEnteredAt));
    },
  });

  // Under the process supervisor (api-processes.ts) a scrape reaches one process: it asks the
  // primary, which gathers every process's own figures (prom-client's AggregatorRegistry: counters
  // and histograms summed), and adds the database's, read once, by itself.
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry, processRegistry]);
    new AggregatorRegistry();
  }

  return {
    observeRequest: ({ method, route, status, seconds }) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    render: async () => {
      const local = async () => {
        const [app, node] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
        return `${app}\n${node}`;
      };
      const fromDatabase = databaseRegistry.metrics();
      // Handled when awaited; this keeps a failure meanwhile from counting as unhandled.
      fromDatabase.catch(() => undefined);
      if (!cluster.isWorker || !process.send)
        return { contentType: registry.contentType, text: `${await local()}\n${await fromDatabase}` };
      // Without the supervisor's answer, this process's own figures, saying so in a comment line.
      const processes = await askPrimary().catch(
        async (error: unknown) =>
          `# The cluster's figures could not be gathered (${error instanceof Error ? error.message : String(error)}): this process's alone.\n${await local()}`,
      );
      return { contentType: registry.contentType, text: `${processes}\n${await fromDatabase}` };
    },
  };
}

export const CLUSTER_METRICS_REQUEST = 'portal:metrics-request';
export const CLUSTER_METRICS_ANSWER = 'portal:metrics-answer';
const CLUSTER_METRICS_TIMEOUT_MS = 10_000;
let nextAsk = 0;

// A worker's request for the cluster's figures, answered by the primary (answerClusterMetrics).
function askPrimary(): Promise<string> {
  const id = nextAsk++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('The process supervisor did not answer with the cluster metrics in time.'));
    }, CLUSTER_METRICS_TIMEOUT_MS);
    function listen(message: unknown) {
      const answer = message as { type?: string; id?: number; text?: string; error?: string };
      if (answer.type !== CLUSTER_METRICS_ANSWER || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.text ?? '');
    }
    process.on('message', listen);
    process.send!({ type: CLUSTER_METRICS_REQUEST, id });
  });
}

// In the primary: answers each worker's request with every worker's figures, aggregated.
export function answerClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== CLUSTER_METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: CLUSTER_METRICS_ANSWER, id: message.id, text }),
      (error: unknown) =>
        worker.send({
          type: CLUSTER_METRICS_ANSWER,
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  });
}
