import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOG_CATEGORIES, type BlogPost } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { BlogEditorPage } from './blog-editor-page.tsx';

// The blog editor's rules (spec 001 sections 5 and 8) against a fake server.

vi.setConfig({ testTimeout: 30_000 });

const TAGS = [
  { id: 1, name: 'Credit' },
  { id: 2, name: 'Savings' },
];
const POST: BlogPost = {
  id: 9,
  url: 'rainy-day',
  meta_title: 'Saving for a rainy day',
  meta_description: 'Small savings.',
  meta_image: 'rainy-day.png',
  category: 'Guides Deals and Hacks',
  tags: [TAGS[1]!],
  html: '<p>Put a little aside.</p><img src="/blog/images/rainy-day.png">',
  live: false,
  public_url: '/blog/rainy-day',
  published_at: null,
  updated_at: '2026-11-20T17:30:00.000Z',
  updated_by: 'Dana Editor',
};
const base = { all_blog_tags: TAGS, categories: [...BLOG_CATEGORIES] };

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderEditor(route: string, server: ApiAnswers = {}) {
  const sent = answerApiCalls({
    'GET blog/posts': (call) => [200, { post: call.query.get('path') === 'rainy-day' ? POST : null, ...base }],
    'GET blog/post_list': [
      200,
      { posts: [{ url: 'rainy-day', meta_title: POST.meta_title, live: false, updated_at: POST.updated_at }] },
    ],
    ...server,
  });
  renderWithProviders(<></>, { route, extraRoutes: <Route path="blog_post" element={<BlogEditorPage />} /> });
  return sent;
}

describe('the blog editor', () => {
  it("refuses an empty post with section 5's messages under 'SOMETHING WENT WRONG!' and sends nothing", async () => {
    const sent = renderEditor('/blog_post');
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('SOMETHING WENT WRONG!')).toBeInTheDocument();
    expect(within(alert).getByText('POST NEEDS A URL')).toBeInTheDocument();
    expect(within(alert).getByText('POST NEEDS A CATEGORY')).toBeInTheDocument();
    expect(within(alert).getByText('POST NEEDS A BODY')).toBeInTheDocument();
    expect(callsTo(sent, 'POST blog/create_post')).toEqual([]);
  });

  it('names the rich-text body by its label and every toolbar control (WCAG 4.1.2)', async () => {
    renderEditor('/blog_post');
    const body = await screen.findByRole('textbox', { name: 'Post' });
    expect(body).toHaveAttribute('contenteditable', 'true');
    expect(body).toHaveAttribute('aria-multiline', 'true');
    const controls = screen.getByRole('button', { name: 'Bold' }).parentElement!.parentElement!;
    const buttons = within(controls).getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(10);
    for (const button of buttons) expect(button).toHaveAccessibleName();
    expect(within(controls).getByRole('button', { name: 'Switch between the text and its html' })).toBeVisible();
  });

  it('keeps the share buttons off until the post has a url', async () => {
    renderEditor('/blog_post');
    // Off, it is an anchor with no address (so no link role).
    const share = (await screen.findByText('Share on X')).closest('a');
    expect(share).toHaveAttribute('data-disabled', 'true');
    await userEvent.type(screen.getByRole('textbox', { name: /URL/ }), 'rainy-day');
    expect(share).not.toHaveAttribute('data-disabled');
    expect(share?.getAttribute('href')).toContain(encodeURIComponent('/blog/rainy-day'));
  });

  it('cannot autosave a live post: turning live on turns autosave off and locks it', async () => {
    renderEditor('/blog_post');
    const autosave = await screen.findByRole('switch', { name: /Autosave every 10 minutes/ });
    await userEvent.click(autosave);
    expect(autosave).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: /Live/ }));
    expect(autosave).not.toBeChecked();
    expect(autosave).toBeDisabled();
  });

  it('saves a loaded post by its original url, known tags by id and new ones by name; says the draft is saved', async () => {
    const sent = renderEditor('/blog_post?path=rainy-day', {
      'POST blog/create_post': [
        200,
        { post: { ...POST, url: 'rainy-days' }, all_blog_tags: TAGS, message: 'The draft is saved.' },
      ],
    });
    const url = await screen.findByRole('textbox', { name: /URL/ });
    expect(url).toHaveValue('rainy-day');
    expect(screen.getByTestId('last-saved')).toHaveTextContent(/^Last saved at \d{1,2}:30 [AP]M$/);
    await userEvent.clear(url);
    await userEvent.type(url, 'rainy-days');
    const tags = screen
      .getAllByLabelText(/^Tags/)
      .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden');
    if (!tags) throw new Error('no tags input');
    await userEvent.type(tags, 'credit{Enter}Budget{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The draft is saved.')).toBeInTheDocument();
    const [save] = callsTo(sent, 'POST blog/create_post');
    expect(save?.body).toMatchObject({
      blog: { url: 'rainy-days', original_url: 'rainy-day', blog_tag_ids: [2, 1], new_tags: ['Budget'], live: false },
    });
  });

  it("shows the server's sentences under 'SOMETHING WENT WRONG!' when a save fails", async () => {
    renderEditor('/blog_post?path=rainy-day', {
      'POST blog/create_post': [409, { errors: ['A post already lives at /blog/rainy-day.'] }],
    });
    await screen.findByRole('textbox', { name: /URL/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Meta title' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('SOMETHING WENT WRONG!')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(alert).getByText('A post already lives at /blog/rainy-day.')).toBeInTheDocument(),
    );
  });
});
