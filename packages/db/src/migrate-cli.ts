import { resolve } from 'node:path';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

// npm run db:migrate: applies the migrations to DATABASE_URL, or to PGlite in DATA_DIR (default ./.data).
const cwd = process.env.INIT_CWD ?? process.cwd();
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(cwd, process.env.DATA_DIR || '.data') },
);
await migrateDatabase(database);
await database.close();
console.log('Migrations applied.');
