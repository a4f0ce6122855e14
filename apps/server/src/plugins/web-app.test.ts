import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { writeWebBuild } from '../testing/web-build.ts';

const APP_JS = `console.log(${JSON.stringify('portal '.repeat(500))});`;

// The page as Vite builds it from apps/web/index.html: the server fills in the three tags.
function webBuild(): string {
  return writeWebBuild({
    'index.html':
      '<!doctype html><meta name="portal-stage" content="dev" /><meta name="portal-public-url" content="" />' +
      '<meta name="portal-business-time-zone" content="" /><title>Portal</title>',
    'assets/app-1a2b3c.js': APP_JS,
    'assets/app-1a2b3c.js.br': brotliCompressSync(APP_JS),
  });
}

describe('the web app page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      webDistDir: webBuild(),
      stage: 'staging',
      publicUrl: 'https://portal.example/"x',
      businessTimeZone: 'America/Chicago',
    });
  });
  afterAll(() => t.close());

  it('tells the browser the stage, the public URL and the business time zone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<meta name="portal-stage" content="staging">');
    expect(response.body).toContain('<meta name="portal-public-url" content="https://portal.example/&quot;x">');
    expect(response.body).toContain('<meta name="portal-business-time-zone" content="America/Chicago">');
  });

  it('sends the brotli copy the build made to a browser that takes it, the file itself otherwise', async () => {
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });
});
