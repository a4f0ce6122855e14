import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3StorageOptions } from '../platform/s3-storage.ts';

export type TestS3Server = {
  // What createS3Storage needs to use the server's bucket.
  storageOptions: S3StorageOptions;
  close: () => Promise<void>;
};

const BUCKET = 'portal-test';
const processScript = fileURLToPath(new URL('./s3-server-process.ts', import.meta.url));

// A real S3-compatible server (s3rver) on loopback, with one empty bucket, in a child process:
// s3rver makes its continuation tokens with DES, which Node 24's OpenSSL 3 keeps in its legacy
// provider, so the child runs with --openssl-legacy-provider and the test process does not.
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', processScript, directory, BUCKET], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
    lines.once('line', (line) => {
      lines.close();
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  return {
    storageOptions: {
      bucket: BUCKET,
      region: 'us-west-2',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      // s3rver's fixed keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    close: async () => {
      child.stdin.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
