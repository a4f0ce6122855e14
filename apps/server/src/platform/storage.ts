import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

// Where files live (documents, letters, statements). A directory by default; object storage later
// implements the same two calls.
export type FileStorage = {
  read: (key: string) => Promise<Buffer | null>;
  write: (key: string, content: Buffer) => Promise<void>;
};

export function createDirectoryStorage(root: string): FileStorage {
  const base = resolve(root);
  // Keys come from our own rows, but a key must still never leave the directory.
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Storage key outside the storage directory: ${key}`);
    return path;
  };
  return {
    read: async (key) => {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    write: async (key, content) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    },
  };
}
