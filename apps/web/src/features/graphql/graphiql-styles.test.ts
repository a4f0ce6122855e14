import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { GRAPHIQL_FONT, GRAPHIQL_OVERRIDES, graphiqlStyles, scopeGraphiqlFonts } from './graphiql-styles.ts';

const graphiqlCss = readFileSync(createRequire(import.meta.url).resolve('graphiql/style.css'), 'utf8');
const fontFaceFamilies = (css: string) =>
  [...css.matchAll(/@font-face\s*\{[^}]*?font-family:\s*([^;]+);/g)].map((match) => match[1]!.replace(/["']/g, ''));

describe('scopeGraphiqlFonts', () => {
  it('leaves no global "Roboto" in GraphiQL’s stylesheet for the Portal’s font stack to pick up', () => {
    // The bundled stylesheet as it is: Roboto faces, which the Portal's fallback would use.
    expect(fontFaceFamilies(graphiqlCss)).toContain('Roboto');
    const scoped = scopeGraphiqlFonts(graphiqlCss);
    const families = new Set(fontFaceFamilies(scoped));
    expect([...families].sort()).toEqual([GRAPHIQL_FONT, 'Fira Code', 'codicon'].sort());
    // GraphiQL's own elements still get its font, under the new name.
    expect(scoped).toContain(`--font-family: "${GRAPHIQL_FONT}", sans-serif`);
    expect(scoped).not.toMatch(/--font-family:\s*["']?Roboto/);
    expect(scoped.length).toBeGreaterThan(graphiqlCss.length - 100);
  });

  it('renames the face and the variable in any of their spellings', () => {
    const css = `@font-face{font-family:Roboto;src:url(a.woff2)} @font-face { font-family: 'Roboto'; } .x{--font-family: "Roboto", sans-serif} .y{font-family: Roboto Mono}`;
    expect(scopeGraphiqlFonts(css)).toBe(
      `@font-face{font-family:"${GRAPHIQL_FONT}";src:url(a.woff2)} @font-face { font-family: "${GRAPHIQL_FONT}"; } .x{--font-family: "${GRAPHIQL_FONT}", sans-serif} .y{font-family: Roboto Mono}`,
    );
  });

  it('adds the fixes after GraphiQL’s own rules, so they win: the docs’ links underlined and 24px tall', () => {
    const styles = graphiqlStyles(graphiqlCss);
    expect(styles.endsWith(GRAPHIQL_OVERRIDES)).toBe(true);
    expect(GRAPHIQL_OVERRIDES).toMatch(
      /a\.graphiql-doc-explorer-type-name[^{]*\{[^}]*text-decoration: underline;[^}]*min-height: 24px;/,
    );
    // Scoped: nothing in them reaches outside the explorer and its dialogs.
    const selectors = (GRAPHIQL_OVERRIDES.match(/^\s*[^{}\s@-][^{};]*(?=\{)/gm) ?? []).flatMap((rule) =>
      rule.split(/,(?![^(]*\))/),
    );
    expect(selectors.length).toBeGreaterThan(8);
    for (const selector of selectors)
      expect(selector.trim()).toMatch(
        /^(?:body(?:\.graphiql-light|:not\(\.graphiql-dark\)) )?(?:\.graphiql-(?:container|dialog|tooltip)|\[data-radix-popper-content-wrapper\])(?: |$)/,
      );
    // The light palette darkens the docs' orange type names to 4.5:1 on white.
    expect(GRAPHIQL_OVERRIDES).toContain('--color-warning: 36, 100%, 28%;');
  });
});
