export * from './schema/index.ts';
export * from './client.ts';
export * from './migrate.ts';
export * from './password-hash.ts';
export * from './bulk-insert.ts';
export * from './json-object.ts';
