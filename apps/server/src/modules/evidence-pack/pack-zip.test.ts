import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createPackZip, PackAbandoned } from './pack-zip.ts';

// The streamed ZIP (decision 050): what is sent is one ZIP whose size and SHA-256 are the ones
// recorded; the pack is recorded before its last chunk (the central directory) leaves, so no
// readable ZIP goes out unrecorded; a client gone midway stops the build and records nothing.

const collect = (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks);
};

describe('createPackZip', () => {
  it('streams one ZIP, recorded with its size and hash before its last chunk is sent', async () => {
    const zip = createPackZip(new Date('2026-11-21T17:00:00Z'));
    const received = collect(zip.stream);
    const csv = zip.addFile('a/table.csv');
    csv.write('id,body\r\n');
    csv.write('1,hello\r\n');
    expect(csv.end()).toEqual({
      bytes: 18,
      sha256: createHash('sha256').update('id,body\r\n1,hello\r\n').digest('hex'),
    });
    await zip.pause();
    const pdf = zip.addFile('b/letter.pdf');
    pdf.write(new Uint8Array([37, 80, 68, 70]));
    pdf.end();
    let sentWhenRecorded: Buffer | null = null;
    const summary = await zip.finish(async () => {
      sentWhenRecorded = received();
    });
    await new Promise((resolve) => zip.stream.on('end', resolve));
    const sent = received();
    expect(summary).toEqual({ bytes: sent.byteLength, sha256: createHash('sha256').update(sent).digest('hex') });
    expect(sentWhenRecorded!.byteLength).toBeLessThan(sent.byteLength);
    expect(() => unzipSync(new Uint8Array(sentWhenRecorded!))).toThrow();
    const files = unzipSync(new Uint8Array(sent));
    expect(strFromU8(files['a/table.csv']!)).toBe('id,body\r\n1,hello\r\n');
    expect([...files['b/letter.pdf']!]).toEqual([37, 80, 68, 70]);
  });

  it('stops at the next page when the client has gone, and records nothing', async () => {
    const zip = createPackZip(new Date());
    const file = zip.addFile('messages.csv');
    file.write('x\r\n');
    zip.stream.destroy();
    await expect(zip.pause()).rejects.toBeInstanceOf(PackAbandoned);
    let recorded = false;
    file.end();
    await expect(
      zip.finish(async () => {
        recorded = true;
      }),
    ).rejects.toBeInstanceOf(PackAbandoned);
    expect(recorded).toBe(false);
  });
});
