import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../testing/test-s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import {
  createDirectoryStorage,
  StorageContinuationError,
  StorageKeyError,
  type FileStorage,
  type StorageListing,
} from './storage.ts';

// The one contract of FileStorage, run against both adapters: the directory, and the S3 adapter
// against a real S3-compatible server (s3rver) started here.
type Adapter = { storage: FileStorage; close: () => Promise<void> };

const adapters: Array<{ name: string; open: () => Promise<Adapter> }> = [
  {
    name: 'directory',
    open: async () => {
      const root = await mkdtemp(join(tmpdir(), 'portal-storage-contract-'));
      // Inside a parent of its own, so a key that escaped would land in `outside`, where we look.
      const storage = createDirectoryStorage(join(root, 'files'));
      return { storage, close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    open: async () => {
      const server: TestS3Server = await startTestS3Server();
      return { storage: createS3Storage(server.storageOptions), close: server.close };
    },
  },
];

const ESCAPING_KEYS = [
  '../outside.txt',
  'a/../../outside.txt',
  'a/../b.txt',
  '/etc/passwd',
  '..',
  './a.txt',
  'a/./b.txt',
  'a\\..\\..\\outside.txt',
  'a//b.txt',
  'a/',
  '',
  'a\u0000b',
];

// Every page of a listing, following its continuation tokens.
async function listAll(storage: FileStorage, prefix: string, limit?: number): Promise<StorageListing[]> {
  const pages: StorageListing[] = [];
  let continuation: string | null = null;
  do {
    const page: StorageListing = await storage.list(prefix, { limit, continuation });
    pages.push(page);
    continuation = page.continuation;
  } while (continuation !== null && pages.length < 20);
  return pages;
}

describe.each(adapters)('FileStorage contract: $name', ({ open }) => {
  let adapter: Adapter;
  let storage: FileStorage;
  beforeAll(async () => {
    adapter = await open();
    storage = adapter.storage;
  });
  afterAll(async () => {
    await adapter.close();
  });

  it('reads a missing key as null', async () => {
    expect(await storage.read('missing/nothing.json')).toBeNull();
    expect(await storage.list('missing/')).toEqual({ keys: [], continuation: null });
  });

  it('reads what was written, byte for byte, and the last write wins', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await storage.write('rw/one.bin', bytes);
    expect(await storage.read('rw/one.bin')).toEqual(bytes);
    await storage.write('rw/one.bin', Buffer.from('second'));
    expect((await storage.read('rw/one.bin'))?.toString()).toBe('second');
    await storage.write('rw/empty.txt', Buffer.alloc(0));
    expect(await storage.read('rw/empty.txt')).toEqual(Buffer.alloc(0));
  });

  // (Not "lp/1.json" beside "lp/1/": S3 lists it first, by bytes, s3rver after the folder.)
  it('lists the keys under a prefix only, sorted, a prefix being a string and not a folder', async () => {
    for (const key of ['lp/1/b.json', 'lp/1/a.json', 'lp/1/sub/c.json', 'lp/10/x.json', 'lp/2/y.json', 'lp/1x.json'])
      await storage.write(key, Buffer.from(key));
    expect(await storage.list('lp/1/')).toEqual({
      keys: ['lp/1/a.json', 'lp/1/b.json', 'lp/1/sub/c.json'],
      continuation: null,
    });
    expect((await storage.list('lp/1')).keys).toEqual([
      'lp/1/a.json',
      'lp/1/b.json',
      'lp/1/sub/c.json',
      'lp/10/x.json',
      'lp/1x.json',
    ]);
    expect((await storage.list('lp/')).keys).toHaveLength(6);
  });

  it('pages 50 keys at a time, each page after the last, with no token after the last page', async () => {
    const keys = Array.from({ length: 120 }, (_, index) => `page/${String(index).padStart(3, '0')}.json`);
    // Written out of order: the listing sorts.
    for (const key of [...keys].reverse()) await storage.write(key, Buffer.from('{}'));

    const pages = await listAll(storage, 'page/');
    expect(pages.map((page) => page.keys.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((page) => page.keys)).toEqual(keys);
    expect(pages[0]!.continuation).toEqual(expect.any(String));
    expect(pages[2]!.continuation).toBeNull();

    // A smaller page when asked; exactly 50 left is one page with no token.
    expect((await listAll(storage, 'page/', 40)).map((page) => page.keys.length)).toEqual([40, 40, 40]);
    const fifty = Array.from({ length: 50 }, (_, index) => `fifty/${String(index).padStart(2, '0')}`);
    for (const key of fifty) await storage.write(key, Buffer.from('x'));
    expect(await storage.list('fifty/')).toEqual({ keys: fifty, continuation: null });
  });

  it('refuses more than 50 keys a page, and a token it did not hand out for this prefix', async () => {
    await expect(storage.list('page/', { limit: 51 })).rejects.toThrow(RangeError);
    await expect(storage.list('page/', { limit: 0 })).rejects.toThrow(RangeError);
    const first = await storage.list('page/');
    await expect(storage.list('lp/', { continuation: first.continuation })).rejects.toThrow(StorageContinuationError);
    for (const token of ['not a token', 'Li4vZXRjL3Bhc3N3ZA', '%%%', 'cGFnZS8uLi8uLi9ldGM'])
      await expect(storage.list('page/', { continuation: token })).rejects.toThrow(StorageContinuationError);
  });

  it('refuses keys that try to escape the directory, for reading, writing and listing', async () => {
    for (const key of ESCAPING_KEYS) {
      await expect(storage.read(key), key).rejects.toThrow(StorageKeyError);
      await expect(storage.write(key, Buffer.from('x')), key).rejects.toThrow(StorageKeyError);
    }
    for (const prefix of ['../', 'a/../../', '/etc/', 'a//', '..'])
      await expect(storage.list(prefix), prefix).rejects.toThrow(StorageKeyError);
  });
});

describe('the directory adapter', () => {
  it('writes nothing outside its directory when a key tries to escape', async () => {
    const root = await mkdtemp(join(tmpdir(), 'portal-storage-escape-'));
    try {
      const storage = createDirectoryStorage(join(root, 'files'));
      await storage.write('inside.txt', Buffer.from('in'));
      for (const key of ESCAPING_KEYS) await storage.write(key, Buffer.from('x')).catch(() => undefined);
      expect((await readdir(root)).sort()).toEqual(['files']);
      expect(await readdir(join(root, 'files'))).toEqual(['inside.txt']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
