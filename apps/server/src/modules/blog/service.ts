import {
  BLOG_CATEGORIES,
  blogPostPath,
  blogPostProblems,
  normalizeBlogUrl,
  type BlogPost,
  type BlogPostListResponse,
  type BlogPostsResponse,
  type CallBody,
  type CreateBlogPostResponse,
  type blogCalls,
} from '@portal/contracts';
import type { BlogDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { describeDatabaseFailure } from '../../platform/database-errors.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import * as repository from './repository.ts';
import { sanitizeArticleHtml } from './sanitize.ts';

export type BlogPostInput = CallBody<typeof blogCalls.createPost>['blog'];

const CATEGORIES: ReadonlySet<string> = new Set(BLOG_CATEGORIES);

const notThere = (url: string) => `There is no blog post at ${blogPostPath(url)}.`;
const taken = (url: string) =>
  `A post already lives at ${blogPostPath(url)}. Load it to edit it, or give this post another url.`;

// What the blog needs of the server: its database, clock and files, and the address the public
// reads it at (PUBLIC_URL; none: links are paths of this server).
export type BlogContext = Pick<BlogDeps, 'db' | 'clock' | 'storage'> & { publicUrl: string | null };

export function createBlogService(context: BlogContext) {
  const { db, clock } = context;
  const publicUrlOf = (url: string) => `${context.publicUrl ?? ''}${blogPostPath(url)}`;

  function view(post: repository.BlogPostRecord, tags: repository.BlogTagRecord[], updatedBy: string | null): BlogPost {
    return {
      id: post.id,
      url: post.url,
      meta_title: post.subject ?? '',
      meta_description: post.short ?? '',
      meta_image: post.imageFileName ?? '',
      category: post.category ?? '',
      tags,
      html: post.body,
      live: post.live,
      public_url: publicUrlOf(post.url),
      published_at: post.publishedAt?.toISOString() ?? null,
      updated_at: post.updatedAt.toISOString(),
      updated_by: updatedBy,
    };
  }

  // GET blog/posts {path}: a live post for anyone; a draft only for staff (to anyone else it is not
  // there at all, so drafts' urls do not leak).
  async function readPost(path: string | undefined, staff: boolean): Promise<BlogPostsResponse> {
    const all_blog_tags = await repository.allTags(db);
    const base = { all_blog_tags, categories: [...BLOG_CATEGORIES] };
    if (path === undefined || path === '') return { post: null, ...base };
    const found = await repository.findPostByUrl(db, path);
    if (!found || (!found.post.live && !staff)) throw notFound(notThere(path));
    const tags = await repository.postTags(db, found.post.id);
    return { post: view(found.post, tags, found.updatedBy), ...base };
  }

  async function listPosts(): Promise<BlogPostListResponse> {
    const rows = await repository.listPosts(db);
    return {
      posts: rows.map((row) => ({
        url: row.url,
        meta_title: row.subject ?? '',
        live: row.live,
        updated_at: row.updatedAt.toISOString(),
      })),
    };
  }

  // POST blog/create_post: checks the section 5 rules on the sanitized html, then creates the post
  // (no original_url) or saves the one loaded from original_url, in one transaction with its tags
  // and the audit event.
  async function savePost(editor: Actor, input: BlogPostInput): Promise<CreateBlogPostResponse> {
    const url = normalizeBlogUrl(input.url);
    const originalUrl = normalizeBlogUrl(input.original_url);
    const body = sanitizeArticleHtml(input.body);
    const fields = {
      url,
      subject: input.subject.trim(),
      short: input.short.trim(),
      image_file_name: input.image_file_name.trim(),
      category: input.category.trim(),
      body,
      live: input.live,
    };
    const problems = blogPostProblems(fields);
    if (fields.category !== '' && !CATEGORIES.has(fields.category))
      problems.push(`Choose the category from the list: ${BLOG_CATEGORIES.join(', ')}.`);
    if (problems.length > 0) throw unprocessable(problems);

    const now = clock.now();
    const values = {
      url,
      subject: fields.subject || null,
      short: fields.short || null,
      imageFileName: fields.image_file_name || null,
      category: fields.category,
      body,
      live: fields.live,
      updatedAt: now,
      updatedBy: editor.employeeId,
    };
    try {
      return await db.transaction(async (tx) => {
        const chosen = await repository.findTagsByIds(tx, input.blog_tag_ids);
        const missing = input.blog_tag_ids.filter((id) => !chosen.some((tag) => tag.id === id));
        if (missing.length > 0)
          throw unprocessable(missing.map((id) => `There is no blog tag ${id}; reload the editor to see the tags.`));
        const added = await repository.ensureTags(tx, input.new_tags);
        const tags = [...new Map([...chosen, ...added].map((tag) => [tag.id, tag])).values()];

        let before: repository.BlogPostRecord | null = null;
        let saved: repository.BlogPostRecord;
        if (originalUrl === '') {
          const created = await repository.insertPost(tx, {
            ...values,
            publishedAt: fields.live ? now : null,
            createdAt: now,
            createdBy: editor.employeeId,
          });
          if (!created) throw conflict(taken(url));
          saved = created;
        } else {
          before = (await repository.lockPostByUrl(tx, originalUrl)) ?? null;
          if (!before) throw notFound(notThere(originalUrl));
          if (url !== originalUrl && (await repository.urlTaken(tx, url))) throw conflict(taken(url));
          saved = await repository.updatePost(tx, before.id, {
            ...values,
            publishedAt: before.publishedAt ?? (fields.live ? now : null),
          });
        }
        await repository.replacePostTags(
          tx,
          saved.id,
          tags.map((tag) => tag.id),
        );
        await recordAuditEvent(tx, {
          employeeId: editor.employeeId,
          action: auditAction(before, saved),
          entityType: 'blog_post',
          entityId: saved.id,
          before: before && auditSummary(before),
          after: { ...auditSummary(saved), tags: tags.map((tag) => tag.name) },
          ipAddress: editor.ipAddress,
        });
        const post = view(
          saved,
          tags.sort((a, b) => a.name.localeCompare(b.name)),
          editor.name,
        );
        return {
          post,
          all_blog_tags: await repository.allTags(tx),
          message: saved.live ? `The post is up at ${post.public_url}.` : 'The draft is saved.',
        };
      });
    } catch (error) {
      // Two editors moving posts to one url at once: the second meets the unique index.
      if (describeDatabaseFailure(error)?.log.code === '23505') throw conflict(taken(url));
      throw error;
    }
  }

  return { readPost, listPosts, savePost };
}

function auditAction(before: repository.BlogPostRecord | null, after: repository.BlogPostRecord): string {
  if (!before) return after.live ? 'blog.post_published' : 'blog.post_created';
  if (after.live && !before.live) return 'blog.post_published';
  if (!after.live && before.live) return 'blog.post_unpublished';
  return 'blog.post_updated';
}

// What the audit keeps of a post: its fields, and of the html only its length (autosave writes a
// post every ten minutes; the history of the text itself is not kept).
function auditSummary(post: repository.BlogPostRecord) {
  return {
    url: post.url,
    meta_title: post.subject,
    meta_description: post.short,
    meta_image: post.imageFileName,
    category: post.category,
    live: post.live,
    html_length: post.body.length,
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
