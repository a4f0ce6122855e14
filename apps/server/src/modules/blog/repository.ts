import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { blogImages, blogPostTags, blogPosts, blogTags, type Executor } from '@portal/db';
import { employeeNameOf } from '../session/index.ts';
import { returnedRow } from '../../platform/returned-row.ts';

export type BlogPostRecord = typeof blogPosts.$inferSelect;
export type BlogTagRecord = { id: number; name: string };

export async function findPostByUrl(executor: Executor, url: string) {
  const [row] = await executor
    .select({ post: blogPosts, updatedBy: employeeNameOf(blogPosts.updatedBy) })
    .from(blogPosts)
    .where(eq(blogPosts.url, url));
  return row;
}

export async function lockPostByUrl(executor: Executor, url: string): Promise<BlogPostRecord | undefined> {
  const [row] = await executor.select().from(blogPosts).where(eq(blogPosts.url, url)).for('update');
  return row;
}

export async function listPosts(executor: Executor) {
  return executor
    .select({ url: blogPosts.url, subject: blogPosts.subject, live: blogPosts.live, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

// Inserts the post unless its url is taken; undefined when it was.
export async function insertPost(
  executor: Executor,
  values: typeof blogPosts.$inferInsert,
): Promise<BlogPostRecord | undefined> {
  const [row] = await executor
    .insert(blogPosts)
    .values(values)
    .onConflictDoNothing({ target: blogPosts.url })
    .returning();
  return row;
}

export async function updatePost(
  executor: Executor,
  postId: number,
  values: Partial<typeof blogPosts.$inferInsert>,
): Promise<BlogPostRecord> {
  return returnedRow(
    await executor.update(blogPosts).set(values).where(eq(blogPosts.id, postId)).returning(),
    `updatePost: post ${postId} vanished inside its transaction`,
  );
}

export async function urlTaken(executor: Executor, url: string): Promise<boolean> {
  const [row] = await executor.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.url, url));
  return row !== undefined;
}

export async function allTags(executor: Executor): Promise<BlogTagRecord[]> {
  return executor
    .select({ id: blogTags.id, name: blogTags.name })
    .from(blogTags)
    .orderBy(asc(sql`lower(${blogTags.name})`));
}

export async function findTagsByIds(executor: Executor, ids: readonly number[]): Promise<BlogTagRecord[]> {
  if (ids.length === 0) return [];
  return executor
    .select({ id: blogTags.id, name: blogTags.name })
    .from(blogTags)
    .where(inArray(blogTags.id, [...ids]));
}

// The tags of these names, made where missing (one of each name whatever its letter case).
export async function ensureTags(executor: Executor, names: readonly string[]): Promise<BlogTagRecord[]> {
  if (names.length === 0) return [];
  await executor
    .insert(blogTags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const lowered = names.map((name) => name.toLowerCase());
  return executor
    .select({ id: blogTags.id, name: blogTags.name })
    .from(blogTags)
    .where(inArray(sql`lower(${blogTags.name})`, lowered));
}

export async function postTags(executor: Executor, postId: number): Promise<BlogTagRecord[]> {
  return executor
    .select({ id: blogTags.id, name: blogTags.name })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogPostTags.postId, postId))
    .orderBy(asc(sql`lower(${blogTags.name})`));
}

export async function replacePostTags(executor: Executor, postId: number, tagIds: readonly number[]): Promise<void> {
  await executor.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (tagIds.length > 0) await executor.insert(blogPostTags).values(tagIds.map((tagId) => ({ postId, tagId })));
}

export async function imageNamesLike(executor: Executor, stem: string, extension: string): Promise<Set<string>> {
  const rows = await executor
    .select({ name: blogImages.name })
    .from(blogImages)
    .where(sql`${blogImages.name} like ${`${stem.replace(/[\\%_]/g, '\\$&')}%.${extension}`}`);
  return new Set(rows.map((row) => row.name));
}

export async function insertImage(executor: Executor, values: typeof blogImages.$inferInsert) {
  const [row] = await executor
    .insert(blogImages)
    .values(values)
    .onConflictDoNothing({ target: blogImages.name })
    .returning();
  return row;
}

export async function findImage(executor: Executor, name: string) {
  const [row] = await executor.select().from(blogImages).where(eq(blogImages.name, name));
  return row;
}
