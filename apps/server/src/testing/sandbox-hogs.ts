// Readers that misbehave on purpose, for the upload sandbox's own tests: each runs in a reader
// process, as a file's reader would.

// Fills memory outside the JavaScript heap (as a decompression bomb does) and keeps it.
export function fillBuffers(megabytes: number): number {
  const kept: Buffer[] = [];
  for (let index = 0; index < megabytes; index += 1) kept.push(Buffer.alloc(1024 * 1024, index & 0xff));
  return kept.length;
}

// Fills the JavaScript heap until V8 stops the process.
export function fillHeap(): number {
  const kept: object[] = [];
  for (;;) kept.push({ index: kept.length, text: `item ${kept.length}`.repeat(4) });
}

// Never ends.
export function spin(): number {
  for (;;);
}

// Waits on nothing, using no CPU: a stuck reader.
export function hang(): Promise<never> {
  return new Promise(() => {
    setInterval(() => undefined, 60_000);
  });
}

export function echo(value: unknown): unknown {
  return value;
}
