import type { ChildProcess } from 'node:child_process';
import type { DatabaseHandle } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/seed';
import { measurePaced, type PacedTarget } from './paced.ts';
import { measurePerEmployee, signInEmployee, startServer, type EmployeeTarget, type Measurement } from './lib.ts';

// The steps the benchmarks over the Portal's server take alike, so each script says only what it
// measures.

// As a live database stands between loads: statistics and the visibility map (index-only scans) as
// autovacuum keeps them, and the seeding's writes flushed, so no checkpoint lands in a measurement.
export async function settleDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.exec('vacuum analyze');
  await handle.exec('checkpoint');
}

// `count` employees bench-<name>1@portal.example, ... with these roles and the test password; their emails.
export async function createBenchEmployees(
  handle: DatabaseHandle,
  options: { name: string; count: number; roles: string[] },
): Promise<string[]> {
  const emails = Array.from(
    { length: options.count },
    (_, index) => `bench-${options.name}${index + 1}@portal.example`,
  );
  for (const email of emails) await createEmployee(handle.db, { email, roles: options.roles });
  return emails;
}

// The API tokens of employees made by createBenchEmployees (or createEmployee), one each.
export function signInEmployees(base: string, emails: string[]): Promise<string[]> {
  return Promise.all(emails.map((email) => signInEmployee(base, email, DEFAULT_TEST_PASSWORD)));
}

// The Portal's API on the benchmark's database, in its own process.
export function startPortal(
  port: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  return startServer('./portal-server.ts', { PORT: port, DATABASE_URL: databaseUrl, ...env });
}

// The same targets flat out (each employee sending as soon as answered), then paced.
export async function measureFlatAndPaced(
  targets: Array<EmployeeTarget & PacedTarget>,
  ratePerEmployee: number,
  seconds: number,
): Promise<{ flat: Measurement; paced: Measurement }> {
  const flat = await measurePerEmployee(targets, seconds);
  const paced = await measurePaced(targets, ratePerEmployee, seconds);
  return { flat, paced };
}

// A p99 target is met flat out, or only when the employees are paced, or not at all.
export function p99Verdict(flat: Measurement, paced: Measurement, targetMs: number): string {
  return flat.p99 < targetMs ? 'MET flat out' : paced.p99 < targetMs ? 'met paced only' : 'NOT MET';
}

export type HealthFigures = { count: number; p50: number; p99: number; max: number };

// GET health back to back, for `milliseconds` or while `going()` holds: what a load balancer sees of
// the process while a benchmark's work runs beside it.
export async function pollHealth(
  base: string,
  milliseconds: number | null,
  going: () => boolean = () => true,
): Promise<HealthFigures> {
  const latencies: number[] = [];
  const until = milliseconds === null ? Infinity : performance.now() + milliseconds;
  while (going() && performance.now() < until) {
    const sent = performance.now();
    const response = await fetch(`${base}/internal/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0) * 10) / 10;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

export function formatHealth(label: string, health: HealthFigures, targetMs: number | null = null): string {
  const verdict =
    targetMs === null ? '' : ` (target p99 under ${targetMs} ms: ${health.p99 < targetMs ? 'MET' : 'NOT MET'})`;
  return `GET health ${label}: ${health.count} requests, p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms${verdict}`;
}
