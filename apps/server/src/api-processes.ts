import cluster, { type Worker } from 'node:cluster';
import { answerClusterMetrics } from './platform/metrics.ts';

// A process per core (issue 42, decision 071): `npm start` and main.ts run WEB_CONCURRENCY API
// processes (node:cluster; by default one per core) sharing one port. The first process (the
// primary) only supervises: it starts them, starts another when one dies, and on SIGTERM or SIGINT
// asks each to stop (each drains its requests and its outbox delivery, start-portal.ts) and leaves
// once they have. With the embedded database (PGlite), which one process owns, there is one.

export type ProcessPlan = { processes: number; note: string | null };

// The exit code of a process whose configuration cannot work (sysexits' EX_CONFIG): starting it
// again would fail the same way, so the supervisor stops them all and exits with it.
export const EXIT_CONFIGURATION = 78;

// How many API processes, and what to say about it.
export function processPlan(
  config: { webConcurrency: number | null; database: { kind: string } },
  cores: number,
): ProcessPlan {
  if (config.database.kind !== 'postgres')
    return {
      processes: 1,
      note:
        config.webConcurrency !== null && config.webConcurrency > 1
          ? `One API process, not ${config.webConcurrency} (WEB_CONCURRENCY): the embedded database (PGlite) is owned by one process. Set DATABASE_URL to run several.`
          : null,
    };
  return { processes: config.webConcurrency ?? Math.max(1, cores), note: null };
}

// How long the primary waits for its processes to stop before it ends them.
const STOP_GRACE_MS = 30_000;
// A process that dies this soon after starting counts towards a crash loop: the next start waits
// (1 s, doubling to 30 s) so a broken deploy does not spin the machine.
const EARLY_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

export function superviseApiProcesses(count: number, log: (line: string) => void = console.log): void {
  const startedAt = new Map<Worker, number>();
  let stopping = false;
  let exitCode = 0;
  let restartDelay = 0;

  const startOne = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    if (code === EXIT_CONFIGURATION) {
      log(`API process ${worker.process.pid} refused its configuration (above): stopping, not starting another.`);
      exitCode = EXIT_CONFIGURATION;
      stop('configuration');
      return;
    }
    restartDelay = lived < EARLY_DEATH_MS ? Math.min(MAX_RESTART_DELAY_MS, Math.max(1000, restartDelay * 2)) : 0;
    log(
      `API process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another${restartDelay > 0 ? ` in ${restartDelay / 1000} s` : ''}.`,
    );
    setTimeout(startOne, restartDelay);
  });

  const stop = (why: NodeJS.Signals | 'configuration') => {
    if (stopping) return;
    stopping = true;
    log(`${why}: stopping ${startedAt.size} API processes (each finishes its requests first).`);
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // GET /metrics reaches one process, which asks here for every process's figures.
  answerClusterMetrics();
  log(`Starting ${count} API processes (WEB_CONCURRENCY; one per core by default).`);
  for (let index = 0; index < count; index += 1) startOne();
}
