import { spawn } from 'node:child_process';

// npm test: every check, in two stages, each printing how long it took. Every check is CPU-bound,
// so a stage runs its checks as chains side by side. Stage 1: ESLint, which needs no type
// information any more (about 26 s of one core on the 2-core machine), Prettier (26 s of one core)
// and Oxlint on TypeScript 7 (the type check, the type-aware rules and import cycles from one
// program, decision 054: 25 s on both cores), all three at once: ESLint beside Oxlint then Prettier
// left a core idle for about 20 s. Stage 2: the unit, API and component tests beside the build and the end-to-end
// specs. Each of these two leaves part of the cores idle when it runs alone (the build and the
// demo's seed on about one core, the specs at 1.8, the last test files of a worker); together they
// took 433 s where one after the other took 492 (decision 055). The first chain prints as it goes,
// the other's output is printed whole when each of its checks ends. Stops after the first stage
// that fails, with its exit code.
const stages: string[][][] = [
  [['lint:eslint'], ['lint:oxlint'], ['format:check']],
  [['test:unit'], ['test:e2e']],
];
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

// One check after another; the first that fails ends the chain with its code.
async function runChain(scripts: string[], capture: boolean): Promise<number> {
  for (const script of scripts) {
    const code = await runScript(script, capture);
    if (code !== 0) return code;
  }
  return 0;
}

for (const chains of stages) {
  const codes = await Promise.all(chains.map((chain, index) => runChain(chain, index > 0)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
