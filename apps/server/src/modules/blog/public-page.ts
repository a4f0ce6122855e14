import type { FastifyInstance } from 'fastify';
import { BLOG_IMAGE_PATH, BLOG_PUBLIC_PATH, normalizeBlogUrl } from '@portal/contracts';
import * as repository from './repository.ts';
import type { BlogContext } from './service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1b1e;background:#fff;line-height:1.6}',
  'main{max-width:760px;margin:0 auto;padding:40px 20px}',
  'img{max-width:100%;height:auto}',
  '.meta{color:#5c5f66;font-size:14px}',
  '.tags span{display:inline-block;background:#f1f3f5;border-radius:12px;padding:2px 10px;margin:0 6px 6px 0;font-size:13px}',
  'blockquote{border-left:4px solid #dee2e6;margin:0;padding-left:16px;color:#495057}',
  'pre{background:#f8f9fa;padding:12px;overflow:auto}',
].join('');

type PublicPost = {
  post: repository.BlogPostRecord;
  tags: repository.BlogTagRecord[];
  imageUrl: string | null;
};

// The article as the public reads it: its meta title, description and image in the head (for
// search engines and link previews), the sanitized html as it was saved.
function renderPost({ post, tags, imageUrl }: PublicPost): string {
  const title = escapeHtml(post.subject ?? post.url);
  const description = escapeHtml(post.short ?? '');
  const published = post.publishedAt
    ? post.publishedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    imageUrl ? `<meta property="og:image" content="${escapeHtml(imageUrl)}">` : '',
    `<style>${STYLE}</style></head><body><main><article>`,
    `<p class="meta">${escapeHtml(post.category ?? '')}${published ? ` · ${published}` : ''}</p>`,
    `<h1>${title}</h1>`,
    post.body,
    tags.length > 0 ? `<p class="tags">${tags.map((tag) => `<span>${escapeHtml(tag.name)}</span>`).join('')}</p>` : '',
    '</article></main></body></html>',
  ].join('');
}

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>This post is not here.</h1><p>It may have moved or not be published yet.</p></main></body></html>';

// The blog's public side: live posts at /blog/{url} and the images they show, for anyone (no
// session). A draft is not found here, however it is asked for.
export function registerBlogPublicPages(app: FastifyInstance, context: BlogContext): void {
  app.get(`${BLOG_PUBLIC_PATH}/:url`, { config: { public: true } }, async (request, reply) => {
    const { url } = request.params as { url: string };
    const found = await repository.findPostByUrl(context.db, normalizeBlogUrl(url));
    if (!found?.post.live) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    const tags = await repository.postTags(context.db, found.post.id);
    const imageUrl = found.post.imageFileName
      ? `${context.publicUrl ?? ''}${BLOG_IMAGE_PATH}/${found.post.imageFileName}`
      : null;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderPost({ post: found.post, tags, imageUrl }));
  });

  app.get(`${BLOG_IMAGE_PATH}/:name`, { config: { public: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const image = await repository.findImage(context.db, name.toLowerCase());
    const content = image ? await context.storage.read(image.storageKey) : null;
    if (!image || !content) return reply.code(404).send({ errors: ['There is no blog image of that name.'] });
    return (
      reply
        .type(image.contentType)
        // An image's name is never reused, so its bytes never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(content)
    );
  });
}
