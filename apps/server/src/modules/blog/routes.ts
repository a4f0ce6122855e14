import type { FastifyInstance } from 'fastify';
import { blogCalls as calls } from '@portal/contracts';
import type { BlogDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { uploadBlogImage } from './image-upload.ts';
import { registerBlogPublicPages } from './public-page.ts';
import { createBlogService } from './service.ts';

export function registerBlogRouteHandlers(app: FastifyInstance, server: BlogDeps): void {
  const context = { db: server.db, clock: server.clock, storage: server.storage, publicUrl: server.inbound.publicUrl };
  const blog = createBlogService(context);
  registerCall(app, calls.uploadImage, (request) => uploadBlogImage(context, actorOf(request), request), {
    config: { acceptsUploads: true },
  });
  // Anyone may read a live post; a staff token, when one is sent, lets drafts be read too.
  registerCall(app, calls.posts, (request) => blog.readPost(request.query.path, request.auth !== null), {
    config: { sessionIfSent: true },
  });
  registerCall(app, calls.postList, () => blog.listPosts());
  registerCall(app, calls.createPost, (request) => blog.savePost(actorOf(request), request.body.blog));
  registerBlogPublicPages(app, context);
}
