import { setTimeout as sleep } from 'node:timers/promises';
import type { Measurement } from './lib.ts';

// A paced load: each target (one employee) sends `ratePerTarget` requests a second on its own
// keep-alive connection, and every answer's time is measured from the moment its request was sent.
// (autocannon's connectionRate measures from the scheduled slot, which adds its timer's delays.)
// A target's url may be a function, called for each request (a search over many customers).
// A change is sent with its method and each request's JSON body (nextBody).
export type PacedTarget = {
  url: string | (() => string);
  token: string;
  method?: 'PATCH' | 'POST';
  nextBody?: () => string;
};

export async function measurePaced(
  targets: PacedTarget[],
  ratePerTarget: number,
  seconds: number,
): Promise<Measurement> {
  // Warm-up first (connections, JIT), not counted.
  await runPaced(targets, ratePerTarget, 2);
  return runPaced(targets, ratePerTarget, seconds);
}

async function runPaced(targets: PacedTarget[], ratePerTarget: number, seconds: number): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  const interval = 1000 / ratePerTarget;
  const started = performance.now();
  await Promise.all(
    targets.map(async (target, index) => {
      // Spread the employees over the interval so they do not all fire at once.
      await sleep((interval * index) / targets.length);
      for (let next = performance.now(); performance.now() - started < seconds * 1000; next += interval) {
        const sent = performance.now();
        try {
          const url = typeof target.url === 'string' ? target.url : target.url();
          const response = await fetch(url, {
            method: target.method ?? 'GET',
            headers: {
              authorization: `Bearer ${target.token}`,
              ...(target.nextBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(target.nextBody ? { body: target.nextBody() } : {}),
          });
          await response.arrayBuffer();
          if (!response.ok) errors += 1;
          latencies.push(performance.now() - sent);
        } catch {
          errors += 1;
        }
        const wait = next + interval - performance.now();
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0) * 10) / 10;
  return { requestsPerSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, non2xx: 0 };
}
