import { spawnSync } from 'node:child_process';

// npm test: every check, one stage after another, each printing how long it took. Stops at the
// first stage that fails, with its exit code.
const stages = ['lint', 'typecheck', 'test:unit', 'test:e2e'];
const started = performance.now();
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

for (const stage of stages) {
  const stageStarted = performance.now();
  console.log(`::: npm run ${stage}`);
  const result = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  console.log(`::: npm run ${stage} took ${seconds(stageStarted)} s (tests so far ${seconds(started)} s)`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
