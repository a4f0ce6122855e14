import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// npm test: every check, in three stages, each printing how long it took. Stage 1: ESLint, which
// needs no type information any more (about 26 s of one core on the 2-core machine), beside Oxlint
// on TypeScript 7 (the type check, the type-aware rules and import cycles from one program, decision
// 054: 25 s on both cores) then Prettier (26 s of one core); all three at once was no faster. Stage
// 2: the unit, API and component tests. Stage 3: the build and the end-to-end specs. Stages 2 and 3
// ran side by side for a while (433 s where one after the other took 492, decision 055); on a slow
// afternoon two fresh-clone CI runs that way took 1,030 and 1,044 s (about 2,000 s of CPU each,
// three tests failed for slowness), and one after the other 983 s (1,840 s of CPU), all green
// (decision 056). The first chain of a stage prints as it goes, the
// others' output is printed whole when each of their checks ends. Stops after the first stage that
// fails, with its exit code.
// Every Node process of the run (the test workers, the API processes the tests start, the end-to-end
// servers, the linters) keeps the code it compiled in one cache, which the processes after it read
// instead of compiling (TypeScript's stripped types included): the tests that start processes took
// 11 % less CPU with it warm. Node checks each entry against the source, so a changed file compiles
// anew. NODE_COMPILE_CACHE set outside wins.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('../node_modules/.cache/node-compile-cache', import.meta.url));
const stages: string[][][] = [[['lint:eslint'], ['lint:oxlint', 'format:check']], [['test:unit']], [['test:e2e']]];
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
