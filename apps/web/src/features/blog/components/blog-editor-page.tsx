import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  BLOG_AUTOSAVE_INTERVAL_MS,
  BLOG_CATEGORIES,
  BLOG_DESCRIPTION_MAX_LENGTH,
  BLOG_DESCRIPTION_SHOWN_LENGTH,
  BLOG_MAX_TAGS,
  BLOG_MESSAGES,
  BLOG_TITLE_MAX_LENGTH,
  blogPostPath,
  normalizeBlogUrl,
  type BlogPostsResponse,
} from '@portal/contracts';
import { DiscardChangesModal } from '../../../components/discard-changes-modal.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useBlogPost, useSaveBlogPost } from '../api/blog-posts.ts';
import { EMPTY_DRAFT, draftFromPost, draftProblems, sameDraft, saveRequest, type BlogDraft } from '../blog-draft.ts';
import { useAutosave } from '../use-autosave.ts';
import { BlogBodyEditor } from './lazy-blog-body-editor.tsx';
import { BlogLoadBar } from './blog-load-bar.tsx';
import { BlogMetaImage } from './blog-meta-image.tsx';
import { ShareButtons } from './share-buttons.tsx';

const timeOfDay = (date: Date) => date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

// /blog_post (spec 001 sections 2, 5, 8, 9): load a post by path (?path= keeps it on reload), edit
// it, save it live or as a draft.
export function BlogEditorPage() {
  const [params, setParams] = useSearchParams();
  const path = normalizeBlogUrl(params.get('path') ?? '');
  // A new form for each post loaded (or "New post"); saving a new post does not start another.
  const [formKey, setFormKey] = useState(0);
  const query = useBlogPost(path);

  const open = useCallback(
    (next: string) => {
      setParams(next === '' ? {} : { path: next });
      setFormKey((key) => key + 1);
    },
    [setParams],
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} fz={24}>
        Blog editor
      </Title>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the post" />
        </Center>
      ) : query.isError ? (
        <Stack>
          <BlogLoadBar onLoad={open} onNew={() => open('')} />
          <ErrorAlert title="Could not load the post" errors={errorMessages(query.error)} onClose={() => open('')} />
        </Stack>
      ) : (
        <BlogPostForm
          key={formKey}
          loaded={query.data}
          onOpen={open}
          onSaved={(url) => setParams({ path: url }, { replace: true })}
        />
      )}
    </Stack>
  );
}

type BlogPostFormProps = {
  loaded: BlogPostsResponse;
  onOpen: (path: string) => void;
  onSaved: (url: string) => void;
};

type Outcome =
  | { kind: 'saved'; message: string; publicUrl: string | null }
  | { kind: 'failed'; errors: readonly string[] };

function BlogPostForm({ loaded, onOpen, onSaved }: BlogPostFormProps) {
  const initial = loaded.post ? draftFromPost(loaded.post) : EMPTY_DRAFT;
  const [draft, setDraft] = useState<BlogDraft>(initial);
  const [savedDraft, setSavedDraft] = useState<BlogDraft>(initial);
  const [originalUrl, setOriginalUrl] = useState(loaded.post?.url ?? '');
  const [publicUrl, setPublicUrl] = useState(loaded.post?.public_url ?? null);
  const [autosave, setAutosave] = useState(false);
  const [lastSavedAt, setLastSavedAt] = useState<Date | null>(loaded.post ? new Date(loaded.post.updated_at) : null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pendingLoad, setPendingLoad] = useState<string | null>(null);
  const insertImage = useRef<((src: string, alt: string) => void) | null>(null);
  const save = useSaveBlogPost();
  const tags = loaded.all_blog_tags;
  const dirty = !sameDraft(draft, savedDraft);

  const change = <Key extends keyof BlogDraft>(key: Key, value: BlogDraft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (how: 'button' | 'autosave') => {
    if (save.isPending) return;
    if (how === 'autosave' && (!dirty || draft.live)) return;
    const problems = draftProblems(draft);
    if (problems.length > 0) {
      setOutcome({ kind: 'failed', errors: problems });
      return;
    }
    const sent = draft;
    save.mutate(saveRequest(sent, originalUrl, tags), {
      onSuccess: (answer) => {
        const stored = draftFromPost(answer.post);
        // What the server keeps (sanitized html, the slug) is what the form shows from now on.
        setDraft((current) => (sameDraft(current, sent) ? stored : current));
        setSavedDraft(stored);
        setOriginalUrl(answer.post.url);
        setPublicUrl(answer.post.public_url);
        setLastSavedAt(new Date(answer.post.updated_at));
        setOutcome({
          kind: 'saved',
          message: answer.message,
          publicUrl: answer.post.live ? answer.post.public_url : null,
        });
        onSaved(answer.post.url);
      },
      onError: (error) => setOutcome({ kind: 'failed', errors: errorMessages(error) }),
    });
  };

  useAutosave(autosave && !draft.live, BLOG_AUTOSAVE_INTERVAL_MS, () => submit('autosave'));

  const requestOpen = (next: string) => (dirty ? setPendingLoad(next) : onOpen(next));
  const shareUrl = draft.url.trim() === '' ? null : absolute(publicUrl ?? blogPostPath(normalizeBlogUrl(draft.url)));

  return (
    <Stack gap="md">
      <UnsavedChangesGuard when={dirty} subject="This post" />
      <DiscardChangesModal
        opened={pendingLoad !== null}
        subject="This post"
        action={pendingLoad === '' ? 'start a new post' : 'load another post'}
        onStay={() => setPendingLoad(null)}
        onDiscard={() => {
          const next = pendingLoad ?? '';
          setPendingLoad(null);
          onOpen(next);
        }}
      />
      <BlogLoadBar onLoad={requestOpen} onNew={() => requestOpen('')} />

      {outcome?.kind === 'saved' && (
        <Alert
          color="green"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
          role="status"
        >
          {outcome.publicUrl ? (
            <>
              The post is up at{' '}
              <Anchor href={outcome.publicUrl} target="_blank" rel="noopener noreferrer">
                {absolute(outcome.publicUrl)}
              </Anchor>
              .
            </>
          ) : (
            outcome.message
          )}
        </Alert>
      )}
      {outcome?.kind === 'failed' && (
        <ErrorAlert title={BLOG_MESSAGES.saveFailed} errors={outcome.errors} onClose={() => setOutcome(null)} />
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <TextInput
              label="URL"
              description="Lower-case words joined by hyphens"
              leftSection={
                <Text fz="sm" c="dimmed">
                  /blog/
                </Text>
              }
              leftSectionWidth={52}
              value={draft.url}
              onChange={(event) => change('url', event.currentTarget.value)}
              placeholder="how-to-build-credit"
              required
            />
            <TextInput
              label="Meta title"
              value={draft.metaTitle}
              maxLength={BLOG_TITLE_MAX_LENGTH}
              onChange={(event) => change('metaTitle', event.currentTarget.value)}
              withAsterisk={draft.live}
            />
            <Textarea
              label="Meta description"
              description={`${draft.metaDescription.length} characters; search engines show about ${BLOG_DESCRIPTION_SHOWN_LENGTH}`}
              value={draft.metaDescription}
              maxLength={BLOG_DESCRIPTION_MAX_LENGTH}
              autosize
              minRows={2}
              onChange={(event) => change('metaDescription', event.currentTarget.value)}
              withAsterisk={draft.live}
            />
            <BlogBodyEditor
              label="Post"
              html={draft.html}
              onChange={(html) => change('html', html)}
              onReady={(insert) => (insertImage.current = insert)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <Paper withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Switch
                  label="Live"
                  description={draft.live ? 'Anyone can read it at its url' : 'A draft: staff only'}
                  checked={draft.live}
                  onChange={(event) => {
                    const live = event.currentTarget.checked;
                    change('live', live);
                    if (live) setAutosave(false);
                  }}
                />
                <Switch
                  label="Autosave every 10 minutes"
                  description={draft.live ? 'Autosave is for drafts only' : 'Saves the draft while you write'}
                  checked={autosave && !draft.live}
                  disabled={draft.live}
                  onChange={(event) => setAutosave(event.currentTarget.checked)}
                />
                <Text fz="sm" c="dimmed" data-testid="last-saved">
                  {lastSavedAt ? `Last saved at ${timeOfDay(lastSavedAt)}` : 'Not saved yet'}
                  {dirty ? ' · unsaved changes' : ''}
                </Text>
                <Button onClick={() => submit('button')} loading={save.isPending}>
                  {draft.live ? 'Publish' : 'Save draft'}
                </Button>
              </Stack>
            </Paper>
            <Select
              label="Category"
              placeholder="Choose a category"
              data={[...BLOG_CATEGORIES]}
              value={draft.category === '' ? null : draft.category}
              onChange={(value) => change('category', value ?? '')}
              required
            />
            <TagsInput
              label="Tags"
              description="Pick a tag or type a new one and press Enter"
              placeholder="Add a tag"
              data={tags.map((tag) => tag.name)}
              value={draft.tags}
              onChange={(value) => change('tags', value)}
              maxTags={BLOG_MAX_TAGS}
              clearable
            />
            <BlogMetaImage
              name={draft.metaImage}
              suggestedName={normalizeBlogUrl(draft.url)}
              onUploaded={(name) => change('metaImage', name)}
              onInsert={(src) => insertImage.current?.(src, draft.metaTitle)}
            />
            <Stack gap={4}>
              <Text fw={500} fz="sm">
                Share
              </Text>
              <ShareButtons publicUrl={shareUrl} title={draft.metaTitle} />
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

// The server answers a path when no PUBLIC_URL is set: the post is then at this Portal's origin.
function absolute(url: string): string {
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}
