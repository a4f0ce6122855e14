import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough, type ZipInputFile } from 'fflate';

// The pack's ZIP written as it is built (fflate's streaming Zip): each file's bytes are compressed
// and handed to the response as they come, so a pack is never held whole. The ZIP's size and
// SHA-256 are counted from the bytes sent, and each file's size and SHA-256 (for the manifest) from
// its content. The last chunk (the central directory, without which no reader opens the ZIP) is held
// until `finish` has recorded the pack: a pack nobody recorded is never a ZIP anyone can open.

export type ZippedFile = { bytes: number; sha256: string };
export type ZipSummary = { bytes: number; sha256: string };

// The client went away (or the stream was destroyed): stop reading and building.
export class PackAbandoned extends Error {}

export type PackZip = {
  stream: PassThrough;
  // Text is compressed (level 6); a PDF is stored as it is (compressed already).
  addFile: (path: string) => {
    write: (content: string | Uint8Array) => void;
    end: () => ZippedFile;
  };
  // Between pages: waits while the client is behind, then gives the event loop a turn, so other
  // requests (GET /health among them) are served while a pack is built.
  pause: () => Promise<void>;
  finish: (record: (summary: ZipSummary) => Promise<void>) => Promise<ZipSummary>;
};

export function createPackZip(mtime: Date): PackZip {
  const stream = new PassThrough();
  const zipHash = createHash('sha256');
  let zipBytes = 0;
  let last: Uint8Array | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      stream.destroy(error);
      return;
    }
    zipHash.update(chunk);
    zipBytes += chunk.byteLength;
    if (final) last = chunk;
    else stream.write(chunk);
  });
  const alive = () => {
    if (stream.destroyed) throw new PackAbandoned('The evidence pack was abandoned while it was built.');
  };

  return {
    stream,
    addFile: (path) => {
      const file: ZipInputFile & { push: (chunk: Uint8Array, final?: boolean) => void } = path.endsWith('.pdf')
        ? new ZipPassThrough(path)
        : new ZipDeflate(path, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      const hash = createHash('sha256');
      let bytes = 0;
      return {
        write: (content) => {
          const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
          if (data.byteLength === 0) return;
          hash.update(data);
          bytes += data.byteLength;
          file.push(data, false);
        },
        end: () => {
          file.push(new Uint8Array(0), true);
          return { bytes, sha256: hash.digest('hex') };
        },
      };
    },
    pause: async () => {
      alive();
      if (stream.writableNeedDrain) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
      await nextTurn();
      alive();
    },
    finish: async (record) => {
      zip.end();
      alive();
      if (last === null) throw new Error('createPackZip: the ZIP has no central directory after end()');
      const summary = { bytes: zipBytes, sha256: zipHash.digest('hex') };
      await record(summary);
      stream.end(last);
      return summary;
    },
  };
}
