// GraphiQL's stylesheet registers its interface font as a global @font-face named "Roboto". The
// Portal's font stack names Roboto as a fallback (after Inter and the system fonts), so on a machine
// without Inter, loading the explorer swapped every Portal text (the navbar too) to GraphiQL's copy
// of Roboto. @font-face cannot be scoped to a selector; renaming GraphiQL's copy can: its rules only
// reach its own elements through --font-family, which is renamed with it. "Fira Code" stays as it is:
// Monaco asks for it by that name, and the Portal's stacks never do.
export const GRAPHIQL_FONT = 'GraphiQL Roboto';

export function scopeGraphiqlFonts(css: string): string {
  return css
    .replace(/(@font-face\s*\{[^}]*?font-family:\s*)(?:"Roboto"|'Roboto'|Roboto)(\s*;)/g, `$1"${GRAPHIQL_FONT}"$2`)
    .replace(/(--font-family:\s*)(?:"Roboto"|'Roboto'|Roboto)(?=\s*[,;}])/g, `$1"${GRAPHIQL_FONT}"`);
}

// GraphiQL's light colours as text on its white and grey panels, darkened to 4.5:1 (WCAG 1.4.3): the
// docs' type names (warning) were 3.2:1, root types (info) 4.1:1, the logo and other secondary text
// (neutral at .76) 4.3:1. Its dark theme already reads well and is left alone. Light is in effect
// when chosen in its settings, or by default when the system is not dark.
const LIGHT_PALETTE = `
  --color-primary: 320, 95%, 39%;
  --color-secondary: 242, 51%, 56%;
  --color-tertiary: 188, 100%, 25%;
  --color-info: 208, 100%, 37%;
  --color-success: 158, 60%, 28%;
  --color-warning: 36, 100%, 28%;
  --color-error: 13, 93%, 39%;
  --alpha-secondary: 0.85;
`;
const THEMED = ['.graphiql-container', '.graphiql-dialog', '.graphiql-tooltip', '[data-radix-popper-content-wrapper]'];
const inLight = (prefix: string) => THEMED.map((selector) => `${prefix} ${selector}`).join(', ');

// Where GraphiQL's own styles fall short of WCAG 2.2 AA, scoped to it. Besides the colours: the docs
// explorer's links (types and fields) were told apart from the text around them by colour alone
// (1.4.1) and were 18px tall targets in lists of them (2.5.8): underlined, and a 24px line each; the
// editor's dimmed last line number (1.75:1) is shown like the others.
export const GRAPHIQL_OVERRIDES = `
${inLight('body.graphiql-light')} {${LIGHT_PALETTE}}
@media not (prefers-color-scheme: dark) {
  ${inLight('body:not(.graphiql-dark)')} {${LIGHT_PALETTE}}
}
.graphiql-container :is(a.graphiql-doc-explorer-type-name, a.graphiql-doc-explorer-field-name) {
  text-decoration: underline;
  display: inline-block;
  min-height: 24px;
  line-height: 24px;
}
.graphiql-container .monaco-editor .line-numbers.dimmed-line-number {
  color: var(--vscode-editorLineNumber-foreground);
}
`;

// GraphiQL's stylesheet as the explorer puts it on the page.
export function graphiqlStyles(css: string): string {
  return scopeGraphiqlFonts(css) + GRAPHIQL_OVERRIDES;
}
