import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { verbatimMessage } from './errors.ts';

// The blog editor (spec 001 sections 2, 3, 5, 7, 8, 9): posts written by staff, live (public at
// /blog/{url}) or drafts (staff only), with a meta image uploaded on its own.

// Spec 001 section 9 names the first three and describes the others ("a chronicles category, and two
// coverage categories (Covid, a hurricane)"); the names of those three are ours (decision 032).
export const BLOG_CATEGORIES = [
  'Loan Knowledge Center',
  'Community Resources and News',
  'Guides Deals and Hacks',
  'Customer Chronicles',
  'Covid-19 Coverage',
  'Hurricane Coverage',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

// Autosave runs every 10 minutes, for drafts only (spec 001 sections 4 and 9).
export const BLOG_AUTOSAVE_INTERVAL_MS = 10 * 60_000;
// Where a live post is read by anyone, and where uploaded images are served.
export const BLOG_PUBLIC_PATH = '/blog';
export const BLOG_IMAGE_PATH = '/blog/images';
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const BLOG_TITLE_MAX_LENGTH = 200;
export const BLOG_DESCRIPTION_MAX_LENGTH = 500;
// Search engines show about this much of a meta description; the editor counts against it.
export const BLOG_DESCRIPTION_SHOWN_LENGTH = 160;
export const BLOG_URL_MAX_LENGTH = 120;
export const BLOG_HTML_MAX_LENGTH = 400_000;
export const BLOG_TAG_MAX_LENGTH = 40;
export const BLOG_MAX_TAGS = 20;

// A post's url: lower-case words of letters and digits joined by single hyphens.
export const BLOG_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const BLOG_MESSAGES = {
  needsUrl: verbatimMessage('POST NEEDS A URL'),
  needsTitle: verbatimMessage('POST NEEDS A TITLE'),
  needsDescription: verbatimMessage('POST NEEDS A DESCRIPTION'),
  needsImage: verbatimMessage('POST NEEDS A IMAGE'),
  needsCategory: verbatimMessage('POST NEEDS A CATEGORY'),
  needsBody: verbatimMessage('POST NEEDS A BODY'),
  imageExtension: verbatimMessage('IMAGE FILE NAME MUST INCLUDE EXTENSION'),
  imageNotInHtml: verbatimMessage('IMAGE FILE NAME MUST APPEAR IN THE POST'),
  saveFailed: verbatimMessage('SOMETHING WENT WRONG!'),
  badUrl: 'A post url uses lower-case letters, digits and single hyphens, like how-to-build-credit.',
  shareNeedsUrl: 'Give the post a url to share it.',
} as const;

// The url as an editor may type it ("/Blog/How-To-Save/ ") made the slug it is stored under.
export function normalizeBlogUrl(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^\/?(blog\/)?/, '')
    .replace(/\/+$/, '');
}

export function blogPostPath(url: string): string {
  return `${BLOG_PUBLIC_PATH}/${url}`;
}

export type BlogPostFields = {
  url: string;
  subject: string;
  short: string;
  image_file_name: string;
  category: string;
  body: string;
  live: boolean;
};

// Text that is only tags and spaces says nothing: an editor's empty paragraph is an empty body.
function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<(?!img)[^>]*>/gi, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

// The section 5 rules, in the order the fields stand on the form: every text field non-empty
// ('POST NEEDS A {FIELD}'), title, description and image exempt for drafts; a live post's image name
// has an extension and appears in the html. The editor checks with this before saving and the server
// again on save.
export function blogPostProblems(post: BlogPostFields): string[] {
  const problems: string[] = [];
  const live = post.live;
  if (post.url.trim() === '') problems.push(BLOG_MESSAGES.needsUrl);
  else if (!BLOG_URL_PATTERN.test(normalizeBlogUrl(post.url))) problems.push(BLOG_MESSAGES.badUrl);
  if (live && post.subject.trim() === '') problems.push(BLOG_MESSAGES.needsTitle);
  if (live && post.short.trim() === '') problems.push(BLOG_MESSAGES.needsDescription);
  const image = post.image_file_name.trim();
  if (live && image === '') problems.push(BLOG_MESSAGES.needsImage);
  if (post.category.trim() === '') problems.push(BLOG_MESSAGES.needsCategory);
  if (isBlankHtml(post.body)) problems.push(BLOG_MESSAGES.needsBody);
  if (live && image !== '') {
    if (!/\.[A-Za-z0-9]+$/.test(image)) problems.push(BLOG_MESSAGES.imageExtension);
    else if (!isBlankHtml(post.body) && !post.body.includes(image)) problems.push(BLOG_MESSAGES.imageNotInHtml);
  }
  return problems;
}

export const blogTagSchema = z.object({ id: z.number(), name: z.string() });
export type BlogTag = z.infer<typeof blogTagSchema>;

export const blogPostSchema = z.object({
  id: z.number(),
  url: z.string(),
  // The spec's meta title, meta description and meta image (create_post's subject, short, image_file_name).
  meta_title: z.string(),
  meta_description: z.string(),
  meta_image: z.string(),
  category: z.string(),
  tags: z.array(blogTagSchema),
  html: z.string(),
  live: z.boolean(),
  // Where anyone reads it once it is live.
  public_url: z.string(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

// GET blog/posts {path}: the post at that path (drafts for staff only) and every tag. Without a
// path, no post: what a new post starts from.
export const blogPostsQuerySchema = z.object({
  path: z
    .string()
    .max(BLOG_URL_MAX_LENGTH + 10, `A post url is at most ${BLOG_URL_MAX_LENGTH} characters.`)
    .transform(normalizeBlogUrl)
    .optional(),
});
export const blogPostsResponseSchema = z.object({
  post: blogPostSchema.nullable(),
  all_blog_tags: z.array(blogTagSchema),
  categories: z.array(z.string()),
});
export type BlogPostsResponse = z.infer<typeof blogPostsResponseSchema>;

// GET blog/post_list (ours): every post's url and title for the editor's load box, newest first.
export const blogPostListResponseSchema = z.object({
  posts: z.array(z.object({ url: z.string(), meta_title: z.string(), live: z.boolean(), updated_at: z.string() })),
});
export type BlogPostListResponse = z.infer<typeof blogPostListResponseSchema>;

const text = (max: number, name: string) =>
  z
    .string({ error: `${name} must be text.` })
    .max(max, `${name} must be at most ${max.toLocaleString('en-US')} characters.`)
    .default('');

// POST blog/create_post {blog: {...}}: creates the post, or saves the one at original_url (ours: the
// url it was loaded from, so an editor can change a post's url; empty for a new post).
export const createBlogPostRequestSchema = z.object({
  blog: z.object(
    {
      subject: text(BLOG_TITLE_MAX_LENGTH, 'The meta title'),
      body: text(BLOG_HTML_MAX_LENGTH, 'The post'),
      image_file_name: text(200, 'The image file name'),
      short: text(BLOG_DESCRIPTION_MAX_LENGTH, 'The meta description'),
      url: text(BLOG_URL_MAX_LENGTH + 10, 'The url'),
      live: z.boolean({ error: 'Live must be true or false.' }).default(false),
      category: text(100, 'The category'),
      blog_tag_ids: z
        .array(z.number().int().positive(), { error: 'blog_tag_ids is a list of tag ids.' })
        .max(BLOG_MAX_TAGS, `A post has at most ${BLOG_MAX_TAGS} tags.`)
        .default([]),
      // Tags to add by name (ours: the editor's "add a tag"); an existing name is reused.
      new_tags: z
        .array(
          z
            .string()
            .trim()
            .min(1, 'A tag needs a name.')
            .max(BLOG_TAG_MAX_LENGTH, `A tag is at most ${BLOG_TAG_MAX_LENGTH} characters.`),
          { error: 'new_tags is a list of tag names.' },
        )
        .max(BLOG_MAX_TAGS, `A post has at most ${BLOG_MAX_TAGS} tags.`)
        .default([]),
      original_url: text(BLOG_URL_MAX_LENGTH + 10, 'The original url'),
    },
    { error: 'The blog field is required.' },
  ),
});
export type CreateBlogPostRequest = z.input<typeof createBlogPostRequestSchema>;
export const createBlogPostResponseSchema = z.object({
  post: blogPostSchema,
  all_blog_tags: z.array(blogTagSchema),
  // 'The post is up at ...' or 'The draft is saved.'
  message: z.string(),
});
export type CreateBlogPostResponse = z.infer<typeof createBlogPostResponseSchema>;

// POST blog/upload_image (multipart blog[image], blog[name]): the image's public url and the name it
// is kept under (the name given, made unique and given the right extension).
export const uploadBlogImageResponseSchema = z.object({ url: z.string(), name: z.string() });
export type UploadBlogImageResponse = z.infer<typeof uploadBlogImageResponseSchema>;

export const blogCalls = {
  uploadImage: defineCall({
    method: 'POST',
    path: 'blog/upload_image',
    alsoAt: ['/api/blog/upload_image'],
    access: needs('content.edit'),
    response: uploadBlogImageResponseSchema,
  }),
  // Public for live posts (anyone may read the blog); a draft only with a staff session.
  posts: defineCall({
    method: 'GET',
    path: 'blog/posts',
    alsoAt: ['/api/blog/posts'],
    access: 'public',
    query: blogPostsQuerySchema,
    response: blogPostsResponseSchema,
  }),
  postList: defineCall({
    method: 'GET',
    path: 'blog/post_list',
    access: needs('content.edit'),
    response: blogPostListResponseSchema,
  }),
  createPost: defineCall({
    method: 'POST',
    path: 'blog/create_post',
    alsoAt: ['/api/blog/create_post'],
    access: needs('content.edit'),
    body: createBlogPostRequestSchema,
    response: createBlogPostResponseSchema,
  }),
};
