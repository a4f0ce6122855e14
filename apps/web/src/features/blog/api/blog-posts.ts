import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BLOG_CATEGORIES,
  blogCalls,
  type BlogPostListResponse,
  type BlogPostsResponse,
  type CreateBlogPostRequest,
  type CreateBlogPostResponse,
  type UploadBlogImageResponse,
} from '@portal/contracts';
import { callApi, uploadFiles } from '../../../lib/api-client.ts';

export const blogKeys = {
  all: ['blog'] as const,
  post: (path: string) => ['blog', 'post', path] as const,
  list: () => ['blog', 'list'] as const,
};

// GET blog/posts {path}: the post at that path (with every tag and category); '' asks for what a
// new post starts from.
export function getBlogPost(path: string, signal?: AbortSignal): Promise<BlogPostsResponse> {
  return callApi(blogCalls.posts, { query: path === '' ? {} : { path } }, { signal });
}

export function blogPostQueryOptions(path: string) {
  return queryOptions({
    queryKey: blogKeys.post(path),
    queryFn: ({ signal }) => getBlogPost(path, signal),
    // What the editor loaded is what it edits: no refetch under the editor's hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useBlogPost(path: string) {
  return useQuery(blogPostQueryOptions(path));
}

// GET blog/post_list: the posts for the load box, newest first.
export function getBlogPostList(signal?: AbortSignal): Promise<BlogPostListResponse> {
  return callApi(blogCalls.postList, {}, { signal });
}

export function useBlogPostList() {
  return useQuery(queryOptions({ queryKey: blogKeys.list(), queryFn: ({ signal }) => getBlogPostList(signal) }));
}

// POST blog/create_post: creates the post or saves the one loaded (original_url).
export function saveBlogPost(body: CreateBlogPostRequest): Promise<CreateBlogPostResponse> {
  return callApi(blogCalls.createPost, { body });
}

export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogPost,
    onSuccess: async (answer) => {
      queryClient.setQueryData(blogKeys.post(answer.post.url), {
        post: answer.post,
        all_blog_tags: answer.all_blog_tags,
        categories: [...BLOG_CATEGORIES],
      });
      await queryClient.invalidateQueries({ queryKey: blogKeys.list() });
    },
  });
}

// POST blog/upload_image: the file in blog[image], the name to keep it under in blog[name].
export function uploadBlogImage(file: File, name: string): Promise<UploadBlogImageResponse> {
  return uploadFiles(blogCalls.uploadImage, [file], 'blog[image]', { fields: { 'blog[name]': name } });
}

export function useUploadBlogImage() {
  return useMutation({ mutationFn: ({ file, name }: { file: File; name: string }) => uploadBlogImage(file, name) });
}
