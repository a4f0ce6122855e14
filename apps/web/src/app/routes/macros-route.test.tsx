import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Macro, MacroVersion } from '@portal/contracts';
import { clearSession, saveSession } from '../../lib/session.ts';
import { answerApiCalls, callsTo, type ApiAnswers } from '../../test/api-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { macroFixture } from '../../test/ticket-fixtures.ts';
import { MacrosRoute } from './macros-route.tsx';

// The macro editor (/macros; spec 001 sections 2, 3, 5) against a fake server.

vi.setConfig({ testTimeout: 30_000 });

const UPDATE = 'POST update_macro';
const phone = macroFixture({
  id: 2,
  title: 'change_phone',
  body: 'Hi {first_name}, your phone number is now {new_phone}.',
  tags: ['Account'],
});
const closing = macroFixture({ id: 3, title: 'closing', body: 'Anything else?', tags: [] });
const versions: MacroVersion[] = [
  {
    title: 'change_phone',
    body: phone.body,
    tags: ['Account'],
    saved_by: 'Ana Lopez',
    saved_at: '2026-11-20T18:00:00Z',
  },
  {
    title: 'phone_changed',
    body: 'Your phone is {new_phone}.',
    tags: ['Old'],
    saved_by: null,
    saved_at: '2026-11-01T18:00:00Z',
  },
];

function macrosAnswer(macros: Macro[]): ApiAnswers[string] {
  return [200, { macros, tree: [] }];
}

// In a data router, as the app has: the unsaved-changes guard needs one (useBlocker).
function renderEditor(server: ApiAnswers) {
  const sent = answerApiCalls({
    'GET fetch_macros': macrosAnswer([phone, closing]),
    'GET macro_versions': [200, { versions }],
    ...server,
  });
  renderWithProviders(<></>, {
    route: '/macros',
    extraRoutes: (
      <>
        <Route
          path="macros"
          element={
            <>
              <MacrosRoute />
              <Link to="/elsewhere">Elsewhere</Link>
            </>
          }
        />
        <Route path="elsewhere" element={<p>Another screen</p>} />
      </>
    ),
  });
  return sent;
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function loadMacro(title: string) {
  const input = screen.getByRole('combobox', { name: /Macro title/ });
  await userEvent.clear(input);
  await userEvent.type(input, `${title}{Enter}`);
}

beforeEach(() => saveSession(sessionFixture()));
afterEach(() => clearSession());

describe('the macro editor', () => {
  it('says MACRO NEEDS A TITLE and MACRO NEEDS A BODY before sending anything', async () => {
    const sent = renderEditor({});
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('MACRO NEEDS A TITLE')).toBeInTheDocument();
    expect(screen.getByText('MACRO NEEDS A BODY')).toBeInTheDocument();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(sent, UPDATE)).toHaveLength(0);

    // Typing in a field clears its message.
    await userEvent.type(field('Title'), 'x');
    expect(screen.queryByText('MACRO NEEDS A TITLE')).not.toBeInTheDocument();
    expect(screen.getByText('MACRO NEEDS A BODY')).toBeInTheDocument();
  });

  it('shows the tags as they will be saved: trimmed, one of each', async () => {
    renderEditor({});
    await userEvent.type(field('Tags'), ' Fees, payments ,fees,, Bounces ,PAYMENTS');
    const list = screen.getByRole('list', { name: 'Tags as they will be saved' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fees', 'payments', 'Bounces']);
  });

  // Issue 28: Enter in Tags submitted the form, and saved the macro again (two versions).
  it('takes Enter in Tags as the end of a tag, never as Save', async () => {
    const sent = renderEditor({ [UPDATE]: [200, { macro: phone }] });
    await userEvent.type(field('Title'), 'change_phone');
    await userEvent.type(field('Text'), 'Hello');
    await userEvent.type(field('Tags'), 'Account{Enter}');
    expect(field('Tags')).toHaveValue('Account, ');
    await userEvent.type(field('Tags'), 'Phones{Enter}{Enter}');
    expect(field('Tags')).toHaveValue('Account, Phones, ');
    const list = screen.getByRole('list', { name: 'Tags as they will be saved' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Account', 'Phones']);
    expect(callsTo(sent, UPDATE)).toHaveLength(0);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it("says an unknown title doesn't exist yet, and creates it with that title", async () => {
    const created = { id: 40, title: 'late_fee', body: 'A late fee applies.', tags: ['Fees'], purpose: 'servicing' };
    const sent = renderEditor({ [UPDATE]: [200, { macro: created }] });
    await loadMacro('late_fee');
    expect(await screen.findByText("That macro doesn't exist yet!")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New macro' })).toBeInTheDocument();
    expect(field('Title')).toHaveValue('late_fee');

    await userEvent.type(field('Text'), 'A late fee applies.');
    await userEvent.type(field('Tags'), 'Fees');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Macro #late_fee is created/)).toBeInTheDocument();
    expect(callsTo(sent, UPDATE)[0]?.body).toEqual({
      title: 'late_fee',
      body: 'A late fee applies.',
      tags: 'Fees',
      purpose: 'servicing',
    });
  });

  it('loads a macro, renames it with original_title and shows it saved', async () => {
    const renamed = { ...phone, title: 'new_phone', body: 'Hi {first_name}, your new phone is {new_phone}.' };
    let list = [phone, closing];
    const sent = renderEditor({
      'GET fetch_macros': () => macrosAnswer(list) as [number, unknown],
      [UPDATE]: () => {
        list = [renamed, closing];
        return [200, { macro: renamed }];
      },
    });
    await loadMacro('change_phone');
    expect(await screen.findByRole('heading', { name: 'Editing #change_phone' })).toBeInTheDocument();
    expect(field('Text')).toHaveValue(phone.body);
    expect(field('Tags')).toHaveValue('Account');

    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'new_phone');
    expect(screen.getByText(/^Saving renames/)).toHaveTextContent('Saving renames #change_phone to #new_phone.');
    await userEvent.clear(field('Text'));
    await userEvent.type(field('Text'), 'Hi {{first_name}, your new phone is {{new_phone}.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Macro #change_phone is now #new_phone, with its new text saved.',
    );
    expect(callsTo(sent, UPDATE)[0]?.body).toEqual({
      title: 'new_phone',
      body: 'Hi {first_name}, your new phone is {new_phone}.',
      tags: 'Account',
      purpose: 'servicing',
      original_title: 'change_phone',
    });
    expect(screen.getByRole('heading', { name: 'Editing #new_phone' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    // The list the reply box inserts from, and the history of the new title, are asked for again.
    await waitFor(() => expect(callsTo(sent, 'GET fetch_macros').length).toBeGreaterThanOrEqual(3));
    expect(callsTo(sent, 'GET macro_versions').map((call) => call.query.get('title'))).toContain('new_phone');
  });

  it("refuses a title another macro has without asking the server, and shows the server's own words", async () => {
    const taken = 'Another macro is already called closing. Choose a different title, or load that macro to change it.';
    const sent = renderEditor({ [UPDATE]: [404, { errors: ["That macro doesn't exist yet!"] }] });
    await loadMacro('change_phone');
    await screen.findByRole('heading', { name: 'Editing #change_phone' });
    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'closing');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(callsTo(sent, UPDATE)).toHaveLength(0);

    // Gone meanwhile (another editor renamed it): the server's sentence, verbatim.
    await userEvent.clear(field('Title'));
    await userEvent.type(field('Title'), 'phone_update');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The macro was not saved');
    expect(alert).toHaveTextContent("That macro doesn't exist yet!");
  });

  it('previews the text for a sample customer, marks what the agent fills in and counts the texts', async () => {
    renderEditor({});
    await loadMacro('change_phone');
    await screen.findByRole('heading', { name: 'Editing #change_phone' });
    const sms = screen.getByRole('group', { name: 'As a text message' });
    expect(sms).toHaveTextContent('Hi Maria, your phone number is now (415) 555-0199.');
    expect(within(sms).getByTitle('{new_phone}, asked of the agent')).toHaveTextContent('(415) 555-0199');
    expect(within(sms).getByTitle('{first_name}')).toHaveTextContent('Maria');
    expect(sms).toHaveTextContent('1 text (GSM-7): 50 of 160 characters.');
    expect(screen.getByRole('group', { name: 'As an email' })).toHaveTextContent('To: Maria Gonzalez');
  });

  it('lists the history newest first and puts an earlier text in the form, unsaved', async () => {
    const sent = renderEditor({});
    await loadMacro('change_phone');
    const history = await screen.findByRole('list', { name: 'Saved versions' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Current');
    expect(items[0]).toHaveTextContent('Saved by Ana Lopez');
    expect(items[1]).toHaveTextContent('as #phone_changed');
    expect(items[1]).toHaveTextContent('Saved by an unknown employee');

    await userEvent.click(within(items[1] as HTMLElement).getByRole('button'));
    expect(field('Text')).toHaveValue('Your phone is {new_phone}.');
    expect(field('Tags')).toHaveValue('Old');
    expect(field('Title')).toHaveValue('change_phone');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(callsTo(sent, UPDATE)).toHaveLength(0);
  });

  it('asks before leaving the screen or loading another macro with unsaved edits', async () => {
    renderEditor({});
    await loadMacro('change_phone');
    await screen.findByRole('heading', { name: 'Editing #change_phone' });
    await userEvent.type(field('Text'), ' Thanks!');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('Text')).toHaveValue(`${phone.body} Thanks!`);

    await loadMacro('closing');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Editing #closing' })).toBeInTheDocument();

    await userEvent.type(field('Text'), ' Bye.');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
  });

  it('leaves without asking when nothing changed', async () => {
    renderEditor({});
    await loadMacro('closing');
    await screen.findByRole('heading', { name: 'Editing #closing' });
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Another screen')).toBeInTheDocument();
  });
});
