import type { PGlite } from '@electric-sql/pglite';
import { pgliteHandle, type DatabaseHandle } from '../client.ts';
import { readTemplateState, resetToTemplate, type SqlConnection, type TemplateState } from './template-state.ts';

// Opening PGlite from the run's migrated template takes more than a second of CPU (the WebAssembly
// Postgres starting, the 44 MB data directory copied into it): most of a small test file's time, and
// about a fifth of the whole server suite's. A worker runs its test files one after another, so the
// instance a file closes is reset to the template (every table emptied, the template's rows put back,
// every sequence where the template had it, the session's state discarded) and lent to the worker's
// next file (template-state.ts). An instance whose schema, roles or settings a test changed is closed
// instead, and so is one that fails to reset: the next file then opens a fresh one, as before.

// How many reset instances a worker keeps: its files run one at a time, and a few open two.
const IDLE_INSTANCES_KEPT = 1;

let template: TemplateState | undefined;
const idle: PGlite[] = [];
let instancesOpened = 0;

// How many instances this worker has opened: for the pool's own test.
export const pgliteInstancesOpened = () => instancesOpened;

// PGlite's query answers with more than rows; the template's code reads only those.
const connectionOf = (client: PGlite): SqlConnection => ({
  query: async <Row>(text: string, params?: unknown[]) => client.query<Row>(text, params),
});

// A database for one test file: an instance another file of this worker closed, reset, or a new one.
export async function leasePglite(openFromTemplate: () => Promise<PGlite>): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (!client) {
    client = await openFromTemplate();
    instancesOpened += 1;
    template ??= await readTemplateState(connectionOf(client));
  }
  const instance = client;
  let open = true;
  const stopListening = new Set<() => Promise<void>>();
  // After close the lease refuses every call, as a closed PGlite would: work a test left running
  // (a timer, an unawaited query) never reaches the next file's database.
  const guarded = new Proxy(instance, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!open) throw new Error('PGlite is closed');
        return (value as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const handle = pgliteHandle(guarded, async () => {
    if (!open) return;
    open = false;
    await Promise.all([...stopListening].map((stop) => stop()));
    const state = template;
    const reset = state && (await resetToTemplate(connectionOf(instance), state).catch(() => false));
    if (reset && idle.length < IDLE_INSTANCES_KEPT) idle.push(instance);
    else await instance.close();
  });
  return {
    ...handle,
    listen: async (channel, onPayload) => {
      const stop = await guarded.listen(channel, onPayload);
      stopListening.add(stop);
      return async () => {
        stopListening.delete(stop);
        await stop();
      };
    },
  };
}
