import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { OBJECT_LISTING_MAX_KEYS } from '@portal/contracts';

// Where files live (documents, letters, statements, transaction emails): a directory
// (createDirectoryStorage) or an S3 bucket (s3-storage.ts), behind the same three calls. Both
// adapters refuse the same keys, list in the same order and page with the same tokens, so code
// written against one works against the other (storage.contract.test.ts runs both).
export type FileStorage = {
  // The object's bytes, or null when there is none under that key.
  read: (key: string) => Promise<Buffer | null>;
  write: (key: string, content: Buffer) => Promise<void>;
  // The keys that start with prefix, in byte order (S3's), at most `limit` (default and most 50,
  // spec 000 section 9) a page; `continuation` is the token of the page before.
  list: (prefix: string, options?: StorageListOptions) => Promise<StorageListing>;
};

export type StorageListOptions = { limit?: number; continuation?: string | null };
// continuation: the token for the next page; null on the last one.
export type StorageListing = { keys: string[]; continuation: string | null };

export const STORAGE_LIST_MAX_KEYS = OBJECT_LISTING_MAX_KEYS;
const MAX_KEY_BYTES = 1024;

// A key or prefix no adapter accepts: one that could name a file outside the storage directory
// ("..", "/etc/passwd", "a\..\b") or that S3 and a file system would read differently ("a//b", "./a").
export class StorageKeyError extends Error {}
// A continuation token this listing did not hand out (garbage, or from another prefix).
export class StorageContinuationError extends Error {}

// Why a key is refused, or null when it is a good one. Keys are "/"-separated segments of
// printable characters; none is empty, "." or "..", and none holds a backslash.
export function storageKeyProblem(key: string): string | null {
  if (key.length === 0) return 'it is empty';
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return 'it holds a control character or a backslash';
  const segments = key.split('/');
  if (segments.some((segment) => segment === '')) return 'it has an empty path segment (a leading, doubled or final /)';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'it has a "." or ".." path segment';
  return null;
}

export function assertStorageKey(key: string): void {
  const problem = storageKeyProblem(key);
  if (problem) throw new StorageKeyError(`Storage key refused (${problem}): ${JSON.stringify(key.slice(0, 200))}`);
}

// A prefix is empty, or a key, or a key and a final "/" (a "folder").
export function assertStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  const problem = storageKeyProblem(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem)
    throw new StorageKeyError(`Storage prefix refused (${problem}): ${JSON.stringify(prefix.slice(0, 200))}`);
}

// The page size asked for: a whole number from 1 to 50.
export function storagePageLimit(limit: number | undefined): number {
  const value = limit ?? STORAGE_LIST_MAX_KEYS;
  if (!Number.isInteger(value) || value < 1 || value > STORAGE_LIST_MAX_KEYS)
    throw new RangeError(`A storage listing returns 1 to ${STORAGE_LIST_MAX_KEYS} keys a page, not ${value}.`);
  return value;
}

// The token for the page after `lastKey`: the key itself in base64url. Both adapters start the next
// page after it (S3: StartAfter), so a token holds no state and any server process can continue it.
export function encodeContinuation(lastKey: string): string {
  return Buffer.from(lastKey, 'utf8').toString('base64url');
}

// The key a token continues after; refused unless it is a good key under this prefix.
export function decodeContinuation(token: string, prefix: string): string {
  const refused = () => new StorageContinuationError('This continuation token does not belong to this listing.');
  if (!/^[A-Za-z0-9_-]{1,1400}$/.test(token)) throw refused();
  const key = Buffer.from(token, 'base64url').toString('utf8');
  if (encodeContinuation(key) !== token || storageKeyProblem(key) || !key.startsWith(prefix)) throw refused();
  return key;
}

// S3 lists keys by their UTF-8 bytes; JavaScript's < compares UTF-16 units, which differs past U+FFFF.
export function compareStorageKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// One page of sorted keys: the first `limit` after `after`, and the token if more follow.
export function pageOfKeys(sortedKeys: string[], limit: number, after: string | null): StorageListing {
  const rest = after === null ? sortedKeys : sortedKeys.filter((key) => compareStorageKeys(key, after) > 0);
  const keys = rest.slice(0, limit);
  return { keys, continuation: rest.length > limit ? encodeContinuation(keys[keys.length - 1]!) : null };
}

export function createDirectoryStorage(root: string): FileStorage {
  const base = resolve(root);
  // The key rules already keep a key inside; the resolved path is checked again all the same.
  const pathOf = (key: string) => {
    assertStorageKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new StorageKeyError(`Storage key outside the storage directory: ${key}`);
    return path;
  };
  return {
    read: async (key) => {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A key naming a directory ("transaction_emails/12") is no object either.
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
    write: async (key, content) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    },
    // Reads every file name under the prefix's deepest folder, then sorts and pages: fine for the
    // directory's use (one machine, dev and tests); S3 pages on its side.
    list: async (prefix, options = {}) => {
      assertStoragePrefix(prefix);
      const limit = storagePageLimit(options.limit);
      const after = options.continuation ? decodeContinuation(options.continuation, prefix) : null;
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const start = folder === '' ? base : pathOf(folder.slice(0, -1));
      let entries;
      try {
        entries = await readdir(start, { recursive: true, withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return { keys: [], continuation: null };
        throw error;
      }
      const keys = entries
        // Files only: no folders, and no symbolic links, which could point outside the directory.
        .filter((entry) => entry.isFile())
        .map((entry) => relative(base, join(entry.parentPath, entry.name)).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix) && storageKeyProblem(key) === null)
        .sort(compareStorageKeys);
      return pageOfKeys(keys, limit, after);
    },
  };
}
