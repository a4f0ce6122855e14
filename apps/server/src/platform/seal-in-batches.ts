// Values stored in plain text by an earlier version, sealed at start in batches (decision 023):
// the rows `find` answers after the last id read, replaced by `replace` (which answers how many
// rows changed; a row changed since it was read is left alone, so API processes starting together
// seal it once). The next batch is read and sealed while the database writes the previous one; at
// most one write waits, so memory stays flat.
export async function sealInBatches<Row extends { id: number }, Replacement>(steps: {
  find: (afterId: number) => Promise<Row[]>;
  seal: (row: Row) => Replacement;
  replace: (replacements: Replacement[]) => Promise<number>;
}): Promise<{ sealed: number; seconds: number }> {
  const started = performance.now();
  let sealed = 0;
  let afterId = 0;
  let writing: Promise<number> = Promise.resolve(0);
  for (;;) {
    const batch = await steps.find(afterId);
    const last = batch.at(-1);
    if (!last) break;
    afterId = last.id;
    const replacements = batch.map(steps.seal);
    sealed += await writing;
    writing = steps.replace(replacements);
    // Handled when awaited; this keeps a failure meanwhile from counting as unhandled.
    writing.catch(() => undefined);
  }
  sealed += await writing;
  return { sealed, seconds: (performance.now() - started) / 1000 };
}
