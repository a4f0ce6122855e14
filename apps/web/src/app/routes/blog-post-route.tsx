import { BlogEditorPage } from '../../features/blog/components/blog-editor-page.tsx';

// /blog_post (spec 001 section 2): the blog editor.
export function BlogPostRoute() {
  return <BlogEditorPage />;
}
