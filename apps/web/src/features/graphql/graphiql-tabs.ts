// GraphiQL renders each editor tab as <li role="tab"> holding two buttons (select, and close when
// there are several): a tab's content is presentational, so its buttons are interactive controls
// nested in another (WCAG 4.1.2, axe nested-interactive), which screen readers announce badly or
// not at all. GraphiQL has no option for it, so the explorer repairs the markup as GraphiQL renders
// it, the way the ARIA tabs pattern has it:
// - the select button is the tab (role, aria-selected); the li is only layout (role="none");
// - the close button is for the pointer only (hidden from assistive technology and the Tab key,
//   since a tablist may own nothing but tabs), and Delete on a tab closes it, as the pattern offers.
// Only attributes change, never nodes, so React keeps rendering GraphiQL as before; an observer
// repairs what each render sets again (aria-selected moves with the active tab).

const TAB = 'li.graphiql-tab';

function repairTab(item: Element): void {
  const select = item.querySelector<HTMLElement>(':scope > .graphiql-tab-button');
  if (!select) return;
  const selected = item.getAttribute('aria-selected');
  if (selected !== null) {
    item.removeAttribute('aria-selected');
    select.setAttribute('aria-selected', selected);
  } else if (!select.hasAttribute('aria-selected')) select.setAttribute('aria-selected', 'false');
  if (item.getAttribute('role') !== 'none') item.setAttribute('role', 'none');
  if (select.getAttribute('role') !== 'tab') select.setAttribute('role', 'tab');
  const close = item.querySelector<HTMLElement>(':scope > .graphiql-tab-close');
  if (close) {
    if (close.getAttribute('aria-hidden') !== 'true') close.setAttribute('aria-hidden', 'true');
    if (close.getAttribute('tabindex') !== '-1') close.setAttribute('tabindex', '-1');
    if (select.getAttribute('aria-keyshortcuts') !== 'Delete') select.setAttribute('aria-keyshortcuts', 'Delete');
  } else if (select.hasAttribute('aria-keyshortcuts')) select.removeAttribute('aria-keyshortcuts');
}

export function repairGraphiqlTabs(root: ParentNode): void {
  for (const item of root.querySelectorAll(TAB)) repairTab(item);
}

// Repairs the tabs now and whenever GraphiQL renders them again; answers the cleanup.
export function watchGraphiqlTabs(root: HTMLElement): () => void {
  repairGraphiqlTabs(root);
  const observer = new MutationObserver(() => repairGraphiqlTabs(root));
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-selected', 'role'],
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Delete' || !(event.target instanceof HTMLElement)) return;
    const select = event.target.closest('.graphiql-tab-button');
    const close = select?.parentElement?.querySelector<HTMLElement>(':scope > .graphiql-tab-close');
    if (!close) return;
    event.preventDefault();
    close.click();
    // The focus stays in the tablist: on the tab now active.
    requestAnimationFrame(() => root.querySelector<HTMLElement>('.graphiql-tab-button[aria-selected="true"]')?.focus());
  };
  root.addEventListener('keydown', onKeyDown);
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', onKeyDown);
  };
}
