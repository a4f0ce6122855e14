import { spawn } from 'node:child_process';

// npm test: every check, stage after stage, each printing how long it took. The static checks
// (lint, typecheck) use one core each, so they run side by side, their output printed whole when
// each ends. Stops after the first stage that fails, with its exit code.
const stages: string[][] = [['lint', 'typecheck'], ['test:unit'], ['test:e2e']];
const started = performance.now();
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

function runScript(script: string, capture: boolean): Promise<number> {
  const scriptStarted = performance.now();
  console.log(`::: npm run ${script}`);
  const child = spawn('npm', ['run', script], { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (capture) process.stdout.write(Buffer.concat(output));
      console.log(`::: npm run ${script} took ${seconds(scriptStarted)} s (tests so far ${seconds(started)} s)`);
      resolve(code ?? 1);
    });
  });
}

for (const scripts of stages) {
  const codes = await Promise.all(scripts.map((script) => runScript(script, scripts.length > 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
