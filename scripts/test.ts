import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// npm test: every check, in four stages, each printing how long it took. Stage 1: ESLint (about 35 s
// of one core on the 2-core machine) beside Oxlint on TypeScript 7 (the type check, the type-aware
// rules and import cycles from one program, decision 054) then oxfmt's format check (under a second,
// decision 058). Stage 2: the unit, API and component tests. Stage 3: the build, beside the end-to-end
// specs' demo seed. Stage 4: the end-to-end specs. The unit and end-to-end stages ran side by side
// for a while (decision 055); on a slow afternoon that way two fresh-clone CI runs took 1,030 and
// 1,044 s and three tests failed for slowness, where one after the other took 983 s, all green
// (decision 056). The first chain of a stage prints as it goes, the others' output is printed whole
// when each of their checks ends. Stops after the first stage that fails, with its exit code.
// Every Node process of the run (the test workers, the API processes the tests start, the end-to-end
// servers, the linters) keeps the code it compiled in one cache, which the processes after it read
// instead of compiling (TypeScript's stripped types included): the tests that start processes took
// 11 % less CPU with it warm. Node checks each entry against the source, so a changed file compiles
// anew. NODE_COMPILE_CACHE set outside wins.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('../node_modules/.cache/node-compile-cache', import.meta.url));
// The end-to-end specs' demo is seeded beside the build (it needs no web app: about 14 s of one and a
// half cores, which ran after the build before), into a directory the specs then start from.
const e2eTemplate = mkdtempSync(join(tmpdir(), 'portal-e2e-seeded-'));
process.env.PORTAL_E2E_TEMPLATE = e2eTemplate;
process.on('exit', () => rmSync(e2eTemplate, { recursive: true, force: true }));
const stages: string[][][] = [
  [['lint:eslint'], ['lint:oxlint', 'format:check']],
  [['test:unit']],
  [['build'], ['test:e2e:seed']],
  [['test:e2e:specs']],
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
