import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, blogImages, blogPostTags, blogPosts, blogTags } from '@portal/db';
import { makeJpeg, makePdf } from '../../testing/customer-documents.ts';
import { multipartBody, type UploadFile } from '../../testing/multipart.ts';
import { countRows } from '../../testing/row-counts.ts';
import { signInAsStaff } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

const t = useTestApp();
const editor = useStaffSession(t, ['agent', 'blog_editor']);

const API = '/internal/api/blog';

type BlogFields = {
  subject?: string;
  body?: string;
  image_file_name?: string;
  short?: string;
  url?: string;
  live?: boolean;
  category?: string;
  blog_tag_ids?: number[];
  new_tags?: string[];
  original_url?: string;
};

const livePost = (overrides: BlogFields = {}): BlogFields => ({
  subject: 'How to build credit',
  short: 'Five habits that raise a credit score.',
  image_file_name: 'credit.jpg',
  url: 'how-to-build-credit',
  category: 'Loan Knowledge Center',
  body: '<h2>Start small</h2><p>Pay on time.</p><img src="/blog/images/credit.jpg" alt="A chart">',
  live: true,
  ...overrides,
});

const savePost = (blog: BlogFields, headers: Record<string, string> = editor.headers) =>
  t.app.inject({ method: 'POST', url: `${API}/create_post`, headers, payload: { blog } });

const readPost = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${API}/posts`, query: { path }, headers });

async function uploadImage(file: UploadFile | null, name?: string, url = `${API}/upload_image`) {
  const form = new FormData();
  if (name !== undefined) form.append('blog[name]', name);
  if (file)
    form.append(
      'blog[image]',
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  const response = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...editor.headers, 'content-type': response.headers.get('content-type') ?? '' },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

async function blogWrites() {
  const db = t.database.db;
  return {
    posts: await countRows(db, blogPosts),
    tags: await countRows(db, blogTags),
    postTags: await countRows(db, blogPostTags),
    images: await countRows(db, blogImages),
    audit: await countRows(db, auditEvents),
  };
}

describe('POST blog/create_post', () => {
  it('publishes a live post with its tags, sanitized, records it, and anyone can read it at its url', async () => {
    const response = await savePost(
      livePost({
        url: ' /Blog/How-To-Build-Credit/ ',
        new_tags: ['Credit', 'Budgeting', 'credit'],
        body: '<h2 onclick="steal()">Start small</h2><script>alert(1)</script><p>Pay <a href="javascript:alert(1)">on time</a>, <a href="https://example.org" target="_blank">read more</a>.</p><img src="/blog/images/credit.jpg" onerror="steal()" alt="A chart"><iframe src="https://evil.example"></iframe>',
      }),
    );
    expect(response.statusCode).toBe(200);
    const { post, message, all_blog_tags } = response.json();
    expect(message).toBe('The post is up at /blog/how-to-build-credit.');
    expect(post).toMatchObject({
      url: 'how-to-build-credit',
      meta_title: 'How to build credit',
      meta_description: 'Five habits that raise a credit score.',
      meta_image: 'credit.jpg',
      category: 'Loan Knowledge Center',
      live: true,
      public_url: '/blog/how-to-build-credit',
    });
    expect(post.tags.map((tag: { name: string }) => tag.name)).toEqual(['Budgeting', 'Credit']);
    expect(all_blog_tags.map((tag: { name: string }) => tag.name)).toEqual(['Budgeting', 'Credit']);
    // No script, no handlers, no javascript: links, no frames; a new window's link cannot reach back.
    expect(post.html).toBe(
      '<h2>Start small</h2><p>Pay <a>on time</a>, <a href="https://example.org" target="_blank" rel="noopener noreferrer">read more</a>.</p><img src="/blog/images/credit.jpg" alt="A chart" />',
    );
    const [row] = await t.database.db.select().from(blogPosts).where(eq(blogPosts.url, 'how-to-build-credit'));
    expect(row?.body).toBe(post.html);
    expect(row?.publishedAt).not.toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'blog_post'), eq(auditEvents.entityId, String(post.id))));
    expect(audit).toMatchObject({
      action: 'blog.post_published',
      entityType: 'blog_post',
      employeeId: editor.employeeId,
    });

    // Signed out: the API and the public page both answer the live post.
    const publicRead = await readPost('how-to-build-credit');
    expect(publicRead.statusCode).toBe(200);
    expect(publicRead.json().post.html).toBe(post.html);
    const page = await t.app.inject({ method: 'GET', url: '/blog/how-to-build-credit' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>How to build credit</title>');
    expect(page.body).toContain('<h1>How to build credit</h1>');
    expect(page.body).toContain('<meta name="description" content="Five habits that raise a credit score.">');
    expect(page.body).toContain(post.html);
    expect(page.body).not.toContain('<script');
  });

  it('saves a draft without title, description or image; staff read it, the public does not', async () => {
    const response = await savePost({ url: 'draft-ideas', category: 'Guides Deals and Hacks', body: '<p>Notes</p>' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The draft is saved.');
    expect(response.json().post).toMatchObject({ live: false, meta_title: '', published_at: null });

    expect((await readPost('draft-ideas', editor.headers)).json().post.url).toBe('draft-ideas');
    const anonymous = await readPost('draft-ideas');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().errors).toEqual(['There is no blog post at /blog/draft-ideas.']);
    expect((await t.app.inject({ method: 'GET', url: '/blog/draft-ideas' })).statusCode).toBe(404);
    // A token that is not good is refused, not taken for a visitor.
    expect((await readPost('draft-ideas', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it("refuses each of section 5's rules with the spec's message and writes nothing", async () => {
    const before = await blogWrites();
    const cases: [BlogFields, string[]][] = [
      [livePost({ url: '' }), ['POST NEEDS A URL']],
      [livePost({ subject: ' ' }), ['POST NEEDS A TITLE']],
      [livePost({ short: '' }), ['POST NEEDS A DESCRIPTION']],
      [livePost({ image_file_name: '' }), ['POST NEEDS A IMAGE']],
      [livePost({ category: '' }), ['POST NEEDS A CATEGORY']],
      [livePost({ body: '<p> </p>' }), ['POST NEEDS A BODY']],
      // A body of nothing but script is empty once sanitized.
      [livePost({ body: '<script>alert(1)</script>', image_file_name: 'x.jpg' }), ['POST NEEDS A BODY']],
      [livePost({ image_file_name: 'credit' }), ['IMAGE FILE NAME MUST INCLUDE EXTENSION']],
      [livePost({ image_file_name: 'other.png' }), ['IMAGE FILE NAME MUST APPEAR IN THE POST']],
      [
        livePost({ url: 'Bad url!' }),
        ['A post url uses lower-case letters, digits and single hyphens, like how-to-build-credit.'],
      ],
      [
        livePost({ category: 'Sports' }),
        [
          'Choose the category from the list: Loan Knowledge Center, Community Resources and News, Guides Deals and Hacks, Customer Chronicles, Covid-19 Coverage, Hurricane Coverage.',
        ],
      ],
      [{ live: false }, ['POST NEEDS A URL', 'POST NEEDS A CATEGORY', 'POST NEEDS A BODY']],
      [
        livePost({ url: 'fresh-url', blog_tag_ids: [987654] }),
        ['There is no blog tag 987654; reload the editor to see the tags.'],
      ],
    ];
    for (const [blog, errors] of cases) {
      const response = await savePost(blog);
      expect(response.statusCode, JSON.stringify(blog)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await blogWrites()).toEqual(before);
  });

  it('refuses a second post at a url that is taken (409), and a bad body (400), writing nothing', async () => {
    await savePost(livePost({ url: 'taken-url' }));
    const before = await blogWrites();
    const duplicate = await savePost(livePost({ url: 'Taken-URL' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual([
      'A post already lives at /blog/taken-url. Load it to edit it, or give this post another url.',
    ]);
    const noBlog = await t.app.inject({
      method: 'POST',
      url: `${API}/create_post`,
      headers: editor.headers,
      payload: {},
    });
    expect(noBlog.statusCode).toBe(400);
    expect(noBlog.json().errors).toEqual(['The blog field is required.']);
    const notBoolean = await savePost({ ...livePost({ url: 'other' }), live: 'yes' as unknown as boolean });
    expect(notBoolean.statusCode).toBe(400);
    expect(await blogWrites()).toEqual(before);
  });

  it('saves the loaded post (by original_url), can move it to a new url, and takes it off line', async () => {
    const created = (await savePost(livePost({ url: 'moving-post', new_tags: ['Moving'] }))).json().post;
    const moved = await savePost(
      livePost({ url: 'moved-post', original_url: 'moving-post', live: false, blog_tag_ids: [] }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().post).toMatchObject({ id: created.id, url: 'moved-post', live: false, tags: [] });
    expect(moved.json().message).toBe('The draft is saved.');
    // Once published, the date stays.
    expect(moved.json().post.published_at).toBe(created.published_at);
    expect((await readPost('moving-post', editor.headers)).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'blog.post_unpublished'));
    expect(audit?.before).toMatchObject({ url: 'moving-post', live: true });
    expect(audit?.after).toMatchObject({ url: 'moved-post', live: false });

    // Onto a url another post has: refused.
    await savePost(livePost({ url: 'occupied' }));
    const clash = await savePost(livePost({ url: 'occupied', original_url: 'moved-post' }));
    expect(clash.statusCode).toBe(409);
    const gone = await savePost(livePost({ url: 'x-post', original_url: 'never-was' }));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toEqual(['There is no blog post at /blog/never-was.']);
  });

  it('answers 401 without a session', async () => {
    expect((await savePost(livePost(), {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${API}/post_list` })).statusCode).toBe(401);
  });
});

describe('GET blog/posts and post_list', () => {
  it('answers every tag and the categories without a path, and the posts newest first', async () => {
    const empty = await readPost('', editor.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ post: null, categories: expect.arrayContaining(['Customer Chronicles']) });
    const list = await t.app.inject({ method: 'GET', url: `${API}/post_list`, headers: editor.headers });
    expect(list.statusCode).toBe(200);
    const urls = list.json().posts.map((post: { url: string }) => post.url);
    expect(urls).toContain('how-to-build-credit');
    expect(urls).toContain('draft-ideas');
  });
});

describe('POST blog/upload_image', () => {
  it('keeps a JPEG under a web-safe unique name and serves it to anyone', async () => {
    const jpeg = makeJpeg();
    const first = await uploadImage({ name: 'whatever.bin', content: jpeg }, 'Spring Savings.JPG');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ url: '/blog/images/spring-savings.jpg', name: 'spring-savings.jpg' });
    const second = await uploadImage({ name: 'spring.jpg', content: jpeg }, 'spring savings');
    expect(second.json().name).toBe('spring-savings-2.jpg');
    // Without blog[name], the file's own name.
    const third = await uploadImage({ name: 'Hero Image.jpeg', content: jpeg });
    expect(third.json().name).toBe('hero-image.jpg');

    const served = await t.app.inject({ method: 'GET', url: '/blog/images/spring-savings.jpg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/blog/images/nothing.jpg' })).statusCode).toBe(404);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'blog.image_uploaded'));
    expect(audit?.after).toMatchObject({ name: 'spring-savings.jpg', content_type: 'image/jpeg' });
  });

  it('refuses what is not an image by its content, an empty or missing file, too big a file; writes nothing', async () => {
    const before = await blogWrites();
    const pdf = await uploadImage({ name: 'photo.jpg', content: await makePdf(), type: 'image/jpeg' }, 'photo.jpg');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toEqual([
      'The blog image must be a JPEG, PNG, GIF or WebP picture; that file is not one.',
    ]);
    const html = await uploadImage({ name: 'x.png', content: Buffer.from('<svg onload="alert(1)"></svg>') }, 'x.png');
    expect(html.statusCode).toBe(422);
    const empty = await uploadImage({ name: 'x.jpg', content: Buffer.alloc(0) }, 'x.jpg');
    expect(empty.statusCode).toBe(422);
    const missing = await uploadImage(null, 'x.jpg');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['Choose an image to upload (blog[image]).']);
    const big = Buffer.concat([makeJpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await uploadImage({ name: 'big.jpg', content: big }, 'big.jpg');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toEqual(['The blog image is larger than 5 MB; make it smaller first.']);
    const json = await t.app.inject({
      method: 'POST',
      url: `${API}/upload_image`,
      headers: editor.headers,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(await blogWrites()).toEqual(before);
    // multipartBody's default field is not ours.
    const wrongField = await multipartBody([{ name: 'a.jpg', content: makeJpeg(), type: 'image/jpeg' }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${API}/upload_image`,
      headers: { ...editor.headers, 'content-type': wrongField.contentType },
      payload: wrongField.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Send the image in blog[image].']);
  });

  it("is read under every upload's limits (platform/uploads.ts), refused in the same words; writes nothing", async () => {
    const before = await blogWrites();
    const send = async (build: (form: FormData) => void) => {
      const form = new FormData();
      build(form);
      const body = new Response(form);
      return {
        contentType: body.headers.get('content-type') ?? '',
        payload: Buffer.from(await body.arrayBuffer()),
      };
    };
    const post = ({ contentType, payload }: { contentType: string; payload: Buffer }) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/upload_image`,
        headers: { ...editor.headers, 'content-type': contentType },
        payload,
      });
    const image = () => new Blob([new Uint8Array(makeJpeg())], { type: 'image/jpeg' });

    // One file a request: the second is refused as every upload refuses the file too many.
    const two = await post(
      await send((form) => {
        form.append('blog[image]', image(), 'a.jpg');
        form.append('blog[image]', image(), 'b.jpg');
      }),
    );
    expect(two.statusCode).toBe(413);
    expect(two.json().errors).toEqual(['At most 1 file can be uploaded at once; nothing was uploaded.']);

    // More text fields than any form has: the form is named, not "one image at a time".
    const flood = await post(
      await send((form) => {
        for (let field = 0; field < 25; field += 1) form.append(`blog[extra${field}]`, 'x');
        form.append('blog[image]', image(), 'a.jpg');
      }),
    );
    expect(flood.statusCode).toBe(400);
    expect(flood.json().errors).toEqual(['Send only the image in blog[image] and its name in blog[name].']);

    // A body cut off on the way.
    const whole = await send((form) => form.append('blog[image]', image(), 'a.jpg'));
    const cut = await post({ ...whole, payload: whole.payload.subarray(0, whole.payload.length - 60) });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().errors).toEqual(['The upload could not be read as multipart/form-data. Please try again.']);

    expect(await blogWrites()).toEqual(before);
  });
});

// Spec 001 section 7 names the blog's calls at /api/blog/..., outside internal/api: a client written
// from it gets the same calls there (the web app keeps using internal/api).
describe('the blog calls at the spec paths /api/blog/...', () => {
  const SPEC_API = '/api/blog';

  it('uploads an image as multipart blog[image] and blog[name], and answers its url', async () => {
    const answer = await uploadImage(
      { name: 'a.jpg', content: makeJpeg() },
      'Spec Path Image',
      `${SPEC_API}/upload_image`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ url: '/blog/images/spec-path-image.jpg', name: 'spec-path-image.jpg' });
  });

  it('creates a post with POST create_post and reads it with GET posts {path}', async () => {
    const blog = livePost({ url: 'spec-path-post', subject: 'Saved at the spec path' });
    const saved = await t.app.inject({
      method: 'POST',
      url: `${SPEC_API}/create_post`,
      headers: editor.headers,
      payload: { blog },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().post).toMatchObject({ url: 'spec-path-post', meta_title: 'Saved at the spec path' });
    const read = await t.app.inject({ method: 'GET', url: `${SPEC_API}/posts`, query: { path: 'spec-path-post' } });
    expect(read.statusCode).toBe(200);
    expect(read.json().post).toMatchObject({ url: 'spec-path-post' });
  });

  it('asks for the same permission there: 401 without a session, 403 without content.edit, nothing written', async () => {
    const agentOnly = await signInAsStaff(t.app, t.database.db, ['agent']);
    const before = await blogWrites();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${SPEC_API}/create_post`,
      payload: { blog: livePost() },
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: `${SPEC_API}/create_post`,
      headers: agentOnly.headers,
      payload: { blog: livePost({ url: 'not-allowed' }) },
    });
    expect(refused.statusCode).toBe(403);
    expect(await blogWrites()).toEqual(before);
  });
});
