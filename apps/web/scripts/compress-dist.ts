// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside each text asset, which the server
// sends to browsers that accept them (@fastify/static preCompressed). Done once at build time, at
// the highest levels, instead of on every request. index.html is left out: the server fills in
// its meta tags and sends it itself. zlib's asynchronous calls run on libuv's thread pool, so the
// assets are compressed on every core at once (16 s of one core for the app's, 9 s on two).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|mjs|css|svg|json|txt|map)$/;
// Below this, compression saves less than the headers cost.
const MIN_BYTES = 1024;
const brotliOf = promisify(brotliCompress);
const gzipOf = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

async function compress(path: string, content: Buffer): Promise<number> {
  const [brotli, gzipped] = await Promise.all([
    brotliOf(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipOf(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, brotli), writeFile(`${path}.gz`, gzipped)]);
  return brotli.length;
}

const assets = [...files(dist)]
  .filter((path) => TEXT.test(path))
  .map((path) => ({ path, content: readFileSync(path) }))
  .filter(({ content }) => content.length >= MIN_BYTES)
  // Largest first, so that the last to finish is a small one and no core waits on one big asset.
  .sort((a, b) => b.content.length - a.content.length);
const sizes = await Promise.all(assets.map(({ path, content }) => compress(path, content)));
const before = assets.reduce((sum, { content }) => sum + content.length, 0);
const after = sizes.reduce((sum, size) => sum + size, 0);
console.log(
  `Compressed ${assets.length} assets: ${Math.round(before / 1024)} kB, ${Math.round(after / 1024)} kB with brotli.`,
);
