import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../client.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from '../migrate.ts';

type Journal = { entries: { tag: string }[] };

// Applies the migrations that come before `tag`, and no others: a database as an install stood
// before that migration, for a test that runs it on old rows. The migrations are the real ones,
// copied with a journal cut short, so nothing has to be undone by hand as migrations are added.
export async function migrateBefore(handle: DatabaseHandle, tag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`No migration is tagged ${tag}.`);
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    const kept = journal.entries.slice(0, cut);
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
    for (const entry of kept)
      copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    await applyMigrations(handle, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
