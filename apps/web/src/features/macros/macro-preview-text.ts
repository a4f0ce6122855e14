import { MACRO_PLACEHOLDERS, type MacroPlaceholder } from '@portal/contracts';

// The customer the preview fills a macro for: every placeholder the reply box knows.
export function sampleCustomer(agentName: string | null): Record<MacroPlaceholder, string> {
  return {
    first_name: 'Maria',
    last_name: 'Gonzalez',
    full_name: 'Maria Gonzalez',
    email: 'maria.gonzalez@example.com',
    phone: '(415) 555-0142',
    phone_number: '(415) 555-0142',
    birthday: '1988-04-12',
    loan_id: '104522',
    // The reply box signs with the agent's first name.
    agent_name: agentName?.trim().split(/\s+/)[0] || 'Alex',
  };
}

// The same {word} the reply box fills (fillMacroPlaceholders).
const PLACEHOLDER = /\{(\w+)\}/g;

export type PreviewPart =
  | { kind: 'text'; text: string }
  | { kind: 'filled'; name: string; text: string }
  | { kind: 'unknown'; name: string; text: string };

// The text as the customer would get it, in parts: plain text, placeholders filled in, and
// placeholders the Portal does not know, left as {name} for the agent to write.
export function previewParts(body: string, values: Readonly<Record<string, string>>): PreviewPart[] {
  const parts: PreviewPart[] = [];
  let at = 0;
  for (const match of body.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (match.index > at) parts.push({ kind: 'text', text: body.slice(at, match.index) });
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    parts.push(value === undefined ? { kind: 'unknown', name, text: match[0] } : { kind: 'filled', name, text: value });
    at = match.index + match[0].length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}

// The placeholders a text uses, each once in order of first use: known (filled from the ticket)
// and unknown (left for the agent).
export function placeholdersIn(body: string): { known: MacroPlaceholder[]; unknown: string[] } {
  const names = [...new Set([...body.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
  const isKnown = (name: string): name is MacroPlaceholder => (MACRO_PLACEHOLDERS as readonly string[]).includes(name);
  return { known: names.filter(isKnown), unknown: names.filter((name) => !isKnown(name)) };
}
