// The process that reads uploaded files for the API (started by upload-sandbox.ts, one file at a
// time): it imports the reading function a job names, runs it on the file and sends back what it
// returned, or the refusal it threw. Nothing here trusts the file; the caps on time and memory
// are enforced from outside, by the API process, which kills this one when they are exceeded.

type Job = { id: number; module: string; run: string; args: unknown[] };
export type JobAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; refusal: string | null; message: string };

async function runJob(job: Job): Promise<JobAnswer> {
  try {
    const module = (await import(job.module)) as Record<string, unknown>;
    const read = module[job.run];
    if (typeof read !== 'function') throw new Error(`${job.module} has no function ${job.run}`);
    const value: unknown = await (read as (...args: unknown[]) => unknown)(...job.args);
    return { id: job.id, ok: true, value };
  } catch (error) {
    const refused = error instanceof Error && error.name === 'FileRefusal';
    return {
      id: job.id,
      ok: false,
      refusal: refused ? error.message : null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

// The reading modules named on the command line are loaded before the reader says it is ready.
await Promise.all(process.argv.slice(2).map((module) => import(module)));

process.on('message', (job: Job) => {
  void runJob(job).then((answer) => process.send?.(answer));
});
// The API process is gone: nothing is left to read for.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
