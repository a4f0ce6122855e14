import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateDatabase, openDatabase } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/seed';
import { flateBombPdf, tjFloodPdf } from '../apps/server/src/testing/hostile-uploads.ts';
import { pollHealth, startPortal } from './bench-steps.ts';
import { createBenchDatabase, signInEmployee, stopServer } from './lib.ts';

// npm run bench:uploads, on PostgreSQL (issue 27): the real server, then 10 hostile PDFs uploaded
// at once in 5 requests (disputes and bankruptcy notices): 5 bombs (a page Flate-compressed twice,
// ~2.5 KB that become 1 GB) and 5 floods (a page of 5 million Tj operators). Meanwhile one client
// asks GET health back to back. Targets: health p99 under 50 ms; the API process's peak memory
// under 1 GB over idle. The reader processes (the upload sandbox) are measured apart.
const PORT = '3910';
const base = `http://127.0.0.1:${PORT}`;
const BOMB_BYTES = Number(process.env.BENCH_BOMB_BYTES ?? 1024 * 1024 * 1024);
const FLOOD_OPERATORS = Number(process.env.BENCH_FLOOD_OPERATORS ?? 5_000_000);
const SAMPLE_MS = 20;

const database = await createBenchDatabase();
try {
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  await migrateDatabase(handle);
  const email = 'bench-uploads@portal.example';
  // The bankruptcy role: uploading notices needs bankruptcy.create_notices (issue 37).
  await createEmployee(handle.db, { email, roles: ['agent', 'bankruptcy'] });
  await handle.close();

  const bomb = flateBombPdf(BOMB_BYTES);
  const flood = tjFloodPdf(FLOOD_OPERATORS);
  console.log(
    `files: bomb ${(bomb.length / 1024).toFixed(1)} KB (${(BOMB_BYTES / 1024 / 1024).toFixed(0)} MB once read), flood ${(flood.length / 1024).toFixed(1)} KB (${(FLOOD_OPERATORS / 1e6).toFixed(0)} million Tj)`,
  );

  const portal = await startPortal(PORT, database.url);
  const pid = portal.pid!;
  try {
    const token = await signInEmployee(base, email, DEFAULT_TEST_PASSWORD);
    // Warm: the routes, the JIT, and a first upload so the readers have started once.
    for (let index = 0; index < 200; index += 1)
      await fetch(`${base}/internal/api/health`).then((r) => r.arrayBuffer());
    const idleHealth = await pollHealth(base, 2_000);
    await sleep(500);
    const idleRss = residentMb(pid) ?? 0;

    // 5 requests of 2 files each, all at once, while health is asked and memory sampled.
    const requests = Array.from({ length: 5 }, (_, index) => ({
      path: index % 2 === 0 ? 'disputes_dashboard/create_disputes' : 'bankruptcy_notices/create_notices',
      files: [
        { name: `bomb-${index + 1}.pdf`, content: bomb },
        { name: `flood-${index + 1}.pdf`, content: flood },
      ],
    }));
    let peakRss = idleRss;
    let peakReaders = 0;
    let sampling = true;
    const sampler = (async () => {
      // The readers are looked for every tenth sample (a walk over /proc costs the machine too).
      for (let tick = 0; sampling; tick += 1) {
        peakRss = Math.max(peakRss, residentMb(pid) ?? 0);
        if (tick % 10 === 0) peakReaders = Math.max(peakReaders, readersMb(pid));
        await sleep(SAMPLE_MS);
      }
    })();
    const started = performance.now();
    const uploads = Promise.all(requests.map((request) => upload(token, request.path, request.files)));
    let uploading = true;
    void uploads.finally(() => {
      uploading = false;
    });
    const health = await pollHealth(base, null, () => uploading);
    const results = await uploads;
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;

    const failures = results.flatMap((result) => result.failed);
    console.log(
      `\nmachine: ${availableParallelism()} cores, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} (other work on the machine shows in every figure)`,
    );
    console.log(`POST 5 uploads of 2 hostile PDFs each at once: all answered in ${seconds.toFixed(1)} s`);
    for (const result of results)
      console.log(`  ${result.path}: status ${result.status}, ${result.failed.length} refused`);
    const reasons = new Map<string, number>();
    for (const failure of failures) {
      const reason = failure.replace(/^\S+ /, '').split(',')[0] ?? failure;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    for (const [reason, count] of reasons) console.log(`  ${count} × "${reason}"`);
    console.log(
      `\nGET health at idle: ${idleHealth.count} requests, p50 ${idleHealth.p50} ms, p99 ${idleHealth.p99} ms, max ${idleHealth.max} ms`,
    );
    console.log(
      `GET health while uploading: ${health.count} requests, p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms (target p99 under 50 ms: ${health.p99 < 50 ? 'MET' : 'NOT MET'})`,
    );
    const over = peakRss - idleRss;
    console.log(
      `API process memory: idle ${idleRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, ${over.toFixed(0)} MB over idle (target under 1 GB: ${over < 1024 ? 'MET' : 'NOT MET'})`,
    );
    console.log(`reader processes (the upload sandbox): peak ${peakReaders.toFixed(0)} MB together`);
  } finally {
    await stopServer(portal);
  }
} finally {
  await database.drop();
}

async function upload(
  token: string,
  path: string,
  files: { name: string; content: Buffer }[],
): Promise<{ path: string; status: number; failed: string[] }> {
  const form = new FormData();
  for (const file of files)
    form.append('files[]', new Blob([new Uint8Array(file.content)], { type: 'application/pdf' }), file.name);
  const response = await fetch(`${base}/internal/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { failed_files?: { error: string }[]; errors?: string[] };
  return {
    path,
    status: response.status,
    failed: body.failed_files?.map((failure) => failure.error) ?? body.errors ?? [],
  };
}

function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

// The resident size of the server's child processes (its upload readers), together.
function readersMb(pid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += residentMb(Number(entry)) ?? 0;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
