import { blogPostProblems, type BlogPost, type BlogTag, type CreateBlogPostRequest } from '@portal/contracts';

// The editor's form: a post as it is being written.
export type BlogDraft = {
  url: string;
  metaTitle: string;
  metaDescription: string;
  // The image's file name (what the html names) and where to see it.
  metaImage: string;
  category: string;
  tags: string[];
  html: string;
  live: boolean;
};

export const EMPTY_DRAFT: BlogDraft = {
  url: '',
  metaTitle: '',
  metaDescription: '',
  metaImage: '',
  category: '',
  tags: [],
  html: '',
  live: false,
};

export function draftFromPost(post: BlogPost): BlogDraft {
  return {
    url: post.url,
    metaTitle: post.meta_title,
    metaDescription: post.meta_description,
    metaImage: post.meta_image,
    category: post.category,
    tags: post.tags.map((tag) => tag.name),
    html: post.html,
    live: post.live,
  };
}

export function sameDraft(a: BlogDraft, b: BlogDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// Section 5's rules on the form as it stands (the server checks them again on save).
export function draftProblems(draft: BlogDraft): string[] {
  return blogPostProblems({
    url: draft.url,
    subject: draft.metaTitle,
    short: draft.metaDescription,
    image_file_name: draft.metaImage,
    category: draft.category,
    body: draft.html,
    live: draft.live,
  });
}

// create_post's body: tags the server knows go by id, new ones by name (the same name in another
// letter case is the known tag). originalUrl is the url the post was loaded from ('' for a new one).
export function saveRequest(
  draft: BlogDraft,
  originalUrl: string,
  knownTags: readonly BlogTag[],
): CreateBlogPostRequest {
  const byName = new Map(knownTags.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const ids: number[] = [];
  const names: string[] = [];
  for (const tag of draft.tags) {
    const id = byName.get(tag.trim().toLowerCase());
    if (id !== undefined) ids.push(id);
    else if (tag.trim() !== '') names.push(tag.trim());
  }
  return {
    blog: {
      subject: draft.metaTitle,
      body: draft.html,
      image_file_name: draft.metaImage,
      short: draft.metaDescription,
      url: draft.url,
      live: draft.live,
      category: draft.category,
      blog_tag_ids: [...new Set(ids)],
      new_tags: names,
      original_url: originalUrl,
    },
  };
}
