import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// WCAG 2.2 AA, as the Portal promises it: every screen and dialog has no serious or critical
// violation. Minor and moderate findings are not failures (axe's own best-practice rules are off).
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export type AxeScope = { include?: string | Locator; exclude?: string[] };

// Runs axe on the page (or a part of it, such as an open dialog) and fails with every violation
// spelled out: the rule, its help text and the first few offending elements.
export async function expectNoAxeViolations(page: Page, scope: AxeScope = {}): Promise<void> {
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe, so the tags alone skip it.
  // Legacy mode runs axe in the page itself; the default opens a blank page for every run to merge
  // the frames' results, which made each run about twice as slow. The app's frames (PDF blobs) are
  // same-origin, which legacy mode covers. resultTypes: axe still runs every rule on every element,
  // but describes (a CSS selector, the HTML) only the violations, not each element that passed: the
  // accessibility spec took 130 s of CPU instead of 154 (a planted <img> without alt still fails, with
  // its node named).
  let builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode();
  if (typeof scope.include === 'string') builder = builder.include(scope.include);
  else if (scope.include) builder = builder.include(await selectorOf(scope.include));
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  const report = failing.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length} nodes)\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1, 2).join(' ')}`)
        .join('\n'),
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}

// axe takes a CSS selector; a Locator is marked with a data attribute for the run.
async function selectorOf(locator: Locator): Promise<string> {
  await locator.page().evaluate(() => {
    for (const marked of document.querySelectorAll('[data-axe-scope]')) marked.removeAttribute('data-axe-scope');
  });
  await locator.first().evaluate((element) => element.setAttribute('data-axe-scope', ''));
  return '[data-axe-scope]';
}
