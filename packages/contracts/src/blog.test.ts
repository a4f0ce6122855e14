import { describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, blogPostProblems, normalizeBlogUrl, type BlogPostFields } from './blog.ts';

const live: BlogPostFields = {
  url: 'how-to-build-credit',
  subject: 'How to build credit',
  short: 'Five habits.',
  image_file_name: 'credit.jpg',
  category: 'Loan Knowledge Center',
  body: '<p>Pay on time.</p><img src="/blog/images/credit.jpg">',
  live: true,
};
const draft: BlogPostFields = { ...live, subject: '', short: '', image_file_name: '', live: false };

describe('blogPostProblems (spec 001 section 5)', () => {
  it('passes a complete live post and a draft without title, description or image', () => {
    expect(blogPostProblems(live)).toEqual([]);
    expect(blogPostProblems(draft)).toEqual([]);
  });

  it("asks for every text field of a live post: 'POST NEEDS A {FIELD}'", () => {
    expect(blogPostProblems({ ...live, url: ' ' })).toEqual([BLOG_MESSAGES.needsUrl]);
    expect(blogPostProblems({ ...live, subject: '' })).toEqual(['POST NEEDS A TITLE']);
    expect(blogPostProblems({ ...live, short: '' })).toEqual(['POST NEEDS A DESCRIPTION']);
    expect(blogPostProblems({ ...live, image_file_name: '' })).toEqual(['POST NEEDS A IMAGE']);
    expect(blogPostProblems({ ...live, category: '' })).toEqual(['POST NEEDS A CATEGORY']);
    expect(blogPostProblems({ ...live, body: '' })).toEqual(['POST NEEDS A BODY']);
  });

  it('asks a draft for its url, category and body only', () => {
    expect(blogPostProblems({ ...draft, url: '', category: '', body: '<p></p>' })).toEqual([
      'POST NEEDS A URL',
      'POST NEEDS A CATEGORY',
      'POST NEEDS A BODY',
    ]);
  });

  it('takes a body of empty paragraphs and spaces as empty, but not one with only an image', () => {
    expect(blogPostProblems({ ...draft, body: '<p>&nbsp;</p><p> </p>' })).toEqual(['POST NEEDS A BODY']);
    expect(blogPostProblems({ ...draft, body: '<p><img src="/blog/images/a.png"></p>' })).toEqual([]);
  });

  it("wants a live post's image name with an extension and named in the html", () => {
    expect(blogPostProblems({ ...live, image_file_name: 'credit' })).toEqual([
      'IMAGE FILE NAME MUST INCLUDE EXTENSION',
    ]);
    expect(blogPostProblems({ ...live, image_file_name: 'credit.' })).toEqual([
      'IMAGE FILE NAME MUST INCLUDE EXTENSION',
    ]);
    expect(blogPostProblems({ ...live, image_file_name: 'other.png' })).toEqual([
      'IMAGE FILE NAME MUST APPEAR IN THE POST',
    ]);
    // A draft's image is not checked yet.
    expect(blogPostProblems({ ...draft, image_file_name: 'credit' })).toEqual([]);
  });

  it('refuses a url that is not a slug once normalized', () => {
    expect(blogPostProblems({ ...live, url: 'two  spaces' })).toEqual([BLOG_MESSAGES.badUrl]);
    expect(blogPostProblems({ ...live, url: 'a--b' })).toEqual([BLOG_MESSAGES.badUrl]);
    expect(blogPostProblems({ ...live, url: '/Blog/How-To-Build-Credit/' })).toEqual([]);
  });
});

describe('normalizeBlogUrl', () => {
  it('trims, lower-cases and drops a leading /blog/ and trailing slashes', () => {
    expect(normalizeBlogUrl(' /Blog/How-To-Save/ ')).toBe('how-to-save');
    expect(normalizeBlogUrl('blog/x')).toBe('x');
    expect(normalizeBlogUrl('/x')).toBe('x');
    expect(normalizeBlogUrl('blogging-tips')).toBe('blogging-tips');
  });
});
