import { fireEvent, getAllByRole, getByRole, queryAllByRole, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repairGraphiqlTabs, watchGraphiqlTabs } from './graphiql-tabs.ts';

// GraphiQL 5's editor tabs as it renders them (graphiql/dist/GraphiQL.js, @graphiql/react tabs).
function graphiqlTabs(titles: readonly string[], active = 0): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<ul role="tablist" aria-label="Select active operation" class="graphiql-tabs">${titles
    .map(
      (title, index) =>
        `<li role="tab" aria-selected="${index === active}" class="graphiql-tab${index === active ? ' graphiql-tab-active' : ''}">` +
        `<button type="button" class="graphiql-un-styled graphiql-tab-button" aria-controls="graphiql-session" id="graphiql-session-tab-${index}">${title}</button>` +
        (titles.length > 1
          ? `<button type="button" class="graphiql-un-styled graphiql-tab-close" aria-label="Close Tab">×</button>`
          : '') +
        `</li>`,
    )
    .join('')}</ul>`;
  document.body.append(root);
  return root;
}

// axe's nested-interactive: an element whose role makes its content presentational (a tab) holds
// nothing focusable.
function expectNoNestedInteractive(root: HTMLElement) {
  for (const tab of root.querySelectorAll('[role="tab"]'))
    expect(tab.querySelectorAll('button, a[href], input, [tabindex]:not([tabindex="-1"])')).toHaveLength(0);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the GraphiQL tabs repair', () => {
  it('makes the select buttons the tabs, with nothing interactive inside them', () => {
    const root = graphiqlTabs(['My query']);
    // As GraphiQL renders them: a button inside the tab.
    expect(() => expectNoNestedInteractive(root)).toThrow();
    repairGraphiqlTabs(root);
    expectNoNestedInteractive(root);
    const tablist = getByRole(root, 'tablist', { name: 'Select active operation' });
    const [tab] = getAllByRole(tablist, 'tab');
    expect(tab).toHaveAccessibleName('My query');
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab!.tagName).toBe('BUTTON');
    expect(root.querySelector('li')).toHaveAttribute('role', 'none');
  });

  it('leaves the tablist owning only tabs: the close buttons are for the pointer, Delete closes by keyboard', () => {
    const root = graphiqlTabs(['first', 'second'], 1);
    const closed = vi.fn();
    root.querySelectorAll('.graphiql-tab-close')[0]!.addEventListener('click', closed);
    const cleanup = watchGraphiqlTabs(root);
    const tablist = getByRole(root, 'tablist');
    // Everything the tablist shows assistive technology is a tab.
    expect(queryAllByRole(tablist, 'button')).toHaveLength(0);
    const tabs = getAllByRole(tablist, 'tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    for (const close of root.querySelectorAll('.graphiql-tab-close')) expect(close).toHaveAttribute('tabindex', '-1');
    expect(tabs[0]).toHaveAttribute('aria-keyshortcuts', 'Delete');
    fireEvent.keyDown(tabs[0]!, { key: 'Delete' });
    expect(closed).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(tabs[0]!, { key: 'Enter' });
    expect(closed).toHaveBeenCalledTimes(1);
    cleanup();
  });

  it('follows GraphiQL as it renders again: the selection moves to the new active tab', async () => {
    const root = graphiqlTabs(['first', 'second'], 0);
    const cleanup = watchGraphiqlTabs(root);
    const items = root.querySelectorAll('li');
    // What React does when the second tab becomes active.
    items[0]!.setAttribute('aria-selected', 'false');
    items[1]!.setAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(getAllByRole(root, 'tab').map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true']),
    );
    expect(items[1]).not.toHaveAttribute('aria-selected');
    cleanup();
  });
});
