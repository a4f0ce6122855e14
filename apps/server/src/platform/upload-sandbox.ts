import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { observeUploadRead } from './metrics.ts';
import type { JobAnswer } from './upload-sandbox-reader.ts';
import {
  READ_TIME_LIMIT_MS,
  READER_HEAP_MB,
  READER_PROCESSES_MAX,
  READER_RSS_LIMIT_MB,
  READER_STALL_MS,
  READER_WALL_FACTOR,
  READER_WALL_MIN_MS,
} from './upload-sandbox-limits.ts';

// Every uploaded file is read here, never on the API's own thread (decision 039): a small pool of
// reader processes (upload-sandbox-reader.ts), one file each at a time, the rest queued. A reader
// that spends more than the file's time limit of CPU on it (or stalls: no CPU used for 30 s; or,
// as a last backstop, twenty times the limit in wall time), or grows past its memory (its heap is capped by V8, its resident size is watched
// from here), is killed and replaced, and the file is refused; the other files of the upload go
// on. CPU time, not wall time: readers run at a low priority, so a busy machine slows them down
// without making an honest file look hostile. Processes rather than worker threads: a thread's
// resourceLimits cap only its JavaScript heap, while a decompression bomb fills ArrayBuffers
// outside it, and only a process can be measured and stopped on its own.

export type SandboxJob = {
  // The file URL of the module holding the reading function (import.meta.url-relative).
  module: URL;
  run: string;
  args: unknown[];
  timeLimitMs?: number;
};

export type SandboxOutcome<T> =
  | { ok: true; value: T }
  // time: over its time limit; memory: over its memory; refused: the reader's own FileRefusal
  // (message: the rest of a sentence after the file's name); failed: the reader threw otherwise.
  | { ok: false; reason: 'time' | 'memory' | 'refused' | 'failed'; message: string };

type Task = { id: number; job: SandboxJob; resolve: (outcome: SandboxOutcome<unknown>) => void };
type Reader = {
  child: ChildProcess;
  state: 'starting' | 'idle' | 'busy' | 'gone';
  task: Task | null;
  // The reader's CPU time (ms) when its task started, and the task's limit.
  cpuAtStart: number | null;
  cpuLimitMs: number;
  // Its CPU time when last seen to grow, and when (Date.now()): a reader that stops growing is stuck.
  cpuSeen: number | null;
  progressAt: number;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
};

const READER_ENTRY = fileURLToPath(new URL('./upload-sandbox-reader.ts', import.meta.url));
const POOL_SIZE = Math.max(1, Math.min(READER_PROCESSES_MAX, availableParallelism()));
// A reader left idle this long exits, giving its memory back; the next upload starts another.
const IDLE_EXIT_MS = 30_000;
const WATCH_MS = 25;
// Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on every Linux build we run on).
const TICKS_PER_SECOND = 100;
// The readers' CPU priority (nice 10): the API's thread gets about ten times their share of a
// core when they compete, so GET health stays fast while two readers chew on hostile files.
const READER_PRIORITY = 10;

const readers: Reader[] = [];
const queue: Task[] = [];
let nextId = 1;
let handed = 0;
let watch: NodeJS.Timeout | null = null;
const preloads = new Set<string>();
let defaultTimeLimitMs = READ_TIME_LIMIT_MS;
let stallMs = READER_STALL_MS;

// A shorter time limit for the jobs that name none (a test of the limit need not wait 5 s).
export function setSandboxTimeLimit(milliseconds: number): void {
  defaultTimeLimitMs = milliseconds;
}

// A shorter stall (a test of a stuck reader need not wait 30 s).
export function setSandboxStallTime(milliseconds: number): void {
  stallMs = milliseconds;
}

// Whether a busy reader has gone past its time: over its CPU limit, or stuck (no CPU used for the
// stall time). Wall time alone never says so: a low-priority reader on a busy machine is slow, not
// hostile (issue 38). Pure, for its table of cases.
export function readerOverTime(reader: {
  cpuUsedMs: number;
  cpuLimitMs: number;
  msSinceProgress: number;
  stallMs: number;
}): boolean {
  return reader.cpuUsedMs > reader.cpuLimitMs || reader.msSinceProgress > reader.stallMs;
}

// The wall-time backstop of a task: its limit when CPU cannot be measured, else the last resort.
export function wallBackstopMs(limitMs: number, cpuMeasured: boolean): number {
  return cpuMeasured ? Math.max(limitMs * READER_WALL_FACTOR, READER_WALL_MIN_MS) : limitMs;
}

// A reading module every reader imports as it starts (pdf.js takes a while to load), so that time
// is never counted against a file.
export function preloadInSandbox(module: URL): void {
  preloads.add(module.href);
}

// Reads one file in a reader process, under the caps; never rejects.
export function readInSandbox<T>(job: SandboxJob): Promise<SandboxOutcome<T>> {
  const started = performance.now();
  // The reader's module and function, as /metrics names it (pdf-upload-reader.readPdfUpload).
  const reader = `${job.module.pathname.split('/').at(-1)?.replace(/\.ts$/, '')}.${job.run}`;
  return new Promise((resolve) => {
    const done = (outcome: SandboxOutcome<unknown>) => {
      observeUploadRead(reader, outcome.ok ? 'ok' : outcome.reason, (performance.now() - started) / 1000);
      resolve(outcome as SandboxOutcome<T>);
    };
    queue.push({ id: nextId++, job, resolve: done });
    dispatch();
  });
}

// The sentence naming a file the sandbox did not read: its time, its memory, the reader's own
// refusal, or (failed) the caller's sentence for a file of that kind that cannot be opened.
export function refusalOf(fileName: string, outcome: SandboxOutcome<unknown>, unreadable: string): string | null {
  if (outcome.ok) return null;
  if (outcome.reason === 'time')
    return `${fileName} took too long to read, so it was not kept; it may be damaged or built to slow us down. Please send a simpler copy (a fresh scan or a printed-to-PDF copy).`;
  if (outcome.reason === 'memory')
    return `${fileName} needs too much memory to read, so it was not kept; it may be damaged or built to overload us. Please send a simpler copy.`;
  if (outcome.reason === 'refused') return `${fileName} ${outcome.message}`;
  return `${fileName} ${unreadable}`;
}

// How many readers run, how many files wait, and how many files readers have been handed since the
// process started (the bench and the tests look).
export function sandboxState(): { readers: number; busy: number; queued: number; handed: number } {
  return {
    readers: readers.length,
    busy: readers.filter((reader) => reader.state === 'busy').length,
    queued: queue.length,
    handed,
  };
}

function dispatch(): void {
  while (queue.length > 0) {
    const idle = readers.find((reader) => reader.state === 'idle');
    if (!idle) {
      if (readers.length < POOL_SIZE) startReader();
      return;
    }
    startTask(idle, queue.shift()!);
  }
}

function startReader(): void {
  const child = fork(READER_ENTRY, [...preloads], {
    execArgv: [`--max-old-space-size=${READER_HEAP_MB}`, '--disable-warning=ExperimentalWarning'],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  try {
    if (child.pid !== undefined) setPriority(child.pid, READER_PRIORITY);
  } catch {
    // Not allowed here: the readers run at the API's priority.
  }
  const reader: Reader = {
    child,
    state: 'starting',
    task: null,
    cpuAtStart: null,
    cpuLimitMs: 0,
    cpuSeen: null,
    progressAt: 0,
    timer: null,
    idleTimer: null,
  };
  readers.push(reader);
  child.on('message', (message: JobAnswer | { ready: true }) => {
    if ('ready' in message) {
      reader.state = 'idle';
      dispatch();
      setIdle(reader);
      return;
    }
    const task = reader.task;
    if (!task || task.id !== message.id) return;
    finishTask(
      reader,
      message.ok
        ? { ok: true, value: message.value }
        : message.refusal !== null
          ? { ok: false, reason: 'refused', message: message.refusal }
          : { ok: false, reason: 'failed', message: message.message },
    );
  });
  child.on('exit', (code, signal) => {
    const task = reader.task;
    const neverStarted = reader.state === 'starting';
    removeReader(reader);
    // A reader that cannot even start would be restarted forever: the waiting files fail instead.
    if (neverStarted)
      for (const waiting of queue.splice(0))
        waiting.resolve({ ok: false, reason: 'failed', message: 'the reader could not start' });
    // V8 aborts a process out of heap (SIGABRT, or 134 through a shell).
    const outOfMemory = signal === 'SIGABRT' || code === 134;
    if (task)
      task.resolve({
        ok: false,
        reason: outOfMemory ? 'memory' : 'failed',
        message: `the reader exited (${signal ?? code})`,
      });
    dispatch();
  });
  child.on('error', () => {
    // Reported through 'exit' (a failed spawn also ends there).
  });
}

function startTask(reader: Reader, task: Task): void {
  if (reader.idleTimer) clearTimeout(reader.idleTimer);
  reader.idleTimer = null;
  reader.state = 'busy';
  reader.task = task;
  handed += 1;
  reader.child.channel?.ref();
  const limit = task.job.timeLimitMs ?? defaultTimeLimitMs;
  reader.cpuLimitMs = limit;
  reader.cpuAtStart = cpuMilliseconds(reader.child.pid);
  reader.cpuSeen = reader.cpuAtStart;
  reader.progressAt = Date.now();
  // Wall time too, as a last resort (the watch below judges by CPU): never waited for forever.
  reader.timer = setTimeout(() => stopReader(reader, 'time'), wallBackstopMs(limit, reader.cpuAtStart !== null));
  reader.child.send({ id: task.id, module: task.job.module.href, run: task.job.run, args: task.job.args });
  watchReaders();
}

function finishTask(reader: Reader, outcome: SandboxOutcome<unknown>): void {
  const task = reader.task;
  if (reader.timer) clearTimeout(reader.timer);
  reader.timer = null;
  reader.task = null;
  reader.state = 'idle';
  setIdle(reader);
  task?.resolve(outcome);
  dispatch();
}

// Idle readers do not keep the process alive, and exit after a while.
function setIdle(reader: Reader): void {
  if (reader.state !== 'idle') return;
  reader.child.channel?.unref();
  reader.child.unref();
  reader.idleTimer = setTimeout(() => {
    if (reader.state === 'idle') {
      removeReader(reader);
      reader.child.kill('SIGKILL');
    }
  }, IDLE_EXIT_MS);
  reader.idleTimer.unref();
}

function stopReader(reader: Reader, reason: 'time' | 'memory'): void {
  const task = reader.task;
  removeReader(reader);
  reader.child.kill('SIGKILL');
  task?.resolve({ ok: false, reason, message: reason === 'time' ? 'over its time limit' : 'over its memory' });
  dispatch();
}

function removeReader(reader: Reader): void {
  if (reader.timer) clearTimeout(reader.timer);
  if (reader.idleTimer) clearTimeout(reader.idleTimer);
  reader.timer = null;
  reader.idleTimer = null;
  reader.task = null;
  reader.state = 'gone';
  const index = readers.indexOf(reader);
  if (index >= 0) readers.splice(index, 1);
}

// Each busy reader's CPU time and resident size, polled while any reads (Linux's /proc; elsewhere
// only the wall-time limit and the heap cap hold).
function watchReaders(): void {
  if (watch || process.platform !== 'linux') return;
  watch = setInterval(() => {
    const busy = readers.filter((reader) => reader.state === 'busy');
    if (busy.length === 0) {
      if (watch) clearInterval(watch);
      watch = null;
      return;
    }
    for (const reader of busy) {
      const rss = residentMegabytes(reader.child.pid);
      if (rss !== null && rss > READER_RSS_LIMIT_MB) {
        stopReader(reader, 'memory');
        continue;
      }
      const cpu = cpuMilliseconds(reader.child.pid);
      if (cpu === null || reader.cpuAtStart === null) continue;
      const now = Date.now();
      if (reader.cpuSeen === null || cpu > reader.cpuSeen) {
        reader.cpuSeen = cpu;
        reader.progressAt = now;
      }
      const over = readerOverTime({
        cpuUsedMs: cpu - reader.cpuAtStart,
        cpuLimitMs: reader.cpuLimitMs,
        msSinceProgress: now - reader.progressAt,
        stallMs,
      });
      if (over) stopReader(reader, 'time');
    }
  }, WATCH_MS);
  watch.unref();
}

// User and system CPU time of a process, from /proc/<pid>/stat (fields 14 and 15, after the name).
function cpuMilliseconds(pid: number | undefined): number | null {
  if (pid === undefined || process.platform !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

function residentMegabytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
