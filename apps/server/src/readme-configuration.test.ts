import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Every variable the server reads is in the README's configuration table (issue 42: "every new
// variable is in its configuration table"): those of config.ts's environment schema and those
// tracing.ts reads before the configuration is loaded.
const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

function variablesOfSchema(configSource: string): string[] {
  const schema = /const environment = z\.object\(\{([\s\S]*?)\n\}\);/.exec(configSource)?.[1] ?? '';
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

function variablesRead(code: string): string[] {
  return [...code.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!);
}

// A row names its variables in its first cell, alone or a few together.
function missingFromTable(readme: string, variables: readonly string[]): string[] {
  const firstCells = readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '');
  return variables.filter((name) => !firstCells.some((cell) => cell.includes(`\`${name}\``)));
}

describe("the README's configuration table", () => {
  const readme = source('../../../README.md');
  const variables = [...variablesOfSchema(source('./config.ts')), ...variablesRead(source('./tracing.ts'))];

  it('lists every variable the server reads', () => {
    expect(variables).toContain('SECRETS_KEY_PREVIOUS');
    expect(variables).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(variables.length).toBeGreaterThan(30);
    expect(missingFromTable(readme, variables)).toEqual([]);
  });

  it('names a variable the table lacks', () => {
    expect(
      missingFromTable('| `PORT` | 3000 | … |\n| `A`, `B` | unset | names `NEW_SETTING` in words |', [
        'PORT',
        'B',
        'NEW_SETTING',
      ]),
    ).toEqual(['NEW_SETTING']);
  });
});
