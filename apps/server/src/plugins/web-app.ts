import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { Stage } from '@portal/contracts';
import { markScopePublic } from './auth.ts';

export type WebAppOptions = { distDir: string; stage: Stage; publicUrl: string | null; businessTimeZone: string };

// Serves the built single-page app: files as they are, and index.html for every other GET so that
// client routes (/user, /disputes/...) load on refresh. The stage, public URL and business time zone
// go into meta tags, so one build serves every stage.
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexPath = join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${options.distDir}; run "npm run build" to serve it.`);
    return;
  }
  const indexHtml = renderIndex(readFileSync(indexPath, 'utf8'), options);

  // The built files are public; @fastify/static's routes take no config of ours, so its scope marks them.
  await app.register(async (scope) => {
    markScopePublic(scope);
    await scope.register(fastifyStatic, staticOptions(options.distDir));
  });

  app.get('/*', { config: { public: true } }, (request, reply) => {
    // A missing file (favicon.ico, an old asset) is a 404, not the app's page; with an errors list
    // like every other refusal.
    const path = request.url.split('?')[0] ?? '';
    if (/\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ errors: [`There is no file ${path}.`] });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}

function staticOptions(distDir: string): FastifyStaticOptions {
  return {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside the assets (apps/web/scripts/compress-dist.ts).
    preCompressed: true,
    setHeaders: (response, path) => {
      // Vite fingerprints everything under assets/, so those may be cached for good.
      if (path.includes(join(distDir, 'assets'))) {
        response.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  };
}

function renderIndex(html: string, { stage, publicUrl, businessTimeZone }: WebAppOptions): string {
  return html
    .replace(/<meta name="portal-stage" content="[^"]*"\s*\/?>/, `<meta name="portal-stage" content="${stage}">`)
    .replace(
      /<meta name="portal-public-url" content="[^"]*"\s*\/?>/,
      `<meta name="portal-public-url" content="${escapeAttribute(publicUrl ?? '')}">`,
    )
    .replace(
      /<meta name="portal-business-time-zone" content="[^"]*"\s*\/?>/,
      `<meta name="portal-business-time-zone" content="${escapeAttribute(businessTimeZone)}">`,
    );
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
