import { PHONE_DIGITS } from '../constants.ts';
import { ASKED_LABEL_MAX_LENGTH, macroVariable, type MacroVariable } from '../macro-variables.ts';
import { MONTH_NAMES } from './dates.ts';
import { normalizePhone } from './user-fields.ts';

// How a macro's text is read for its variables (decision 061). One grammar for the editor, the
// reply box and the server:
// - {name}: a letter or underscore, then letters, digits or underscores. A name of the catalogue
//   (macro-variables.ts) is filled from the account, the employee or the agent; any other name is
//   unknown: left as typed, reported, and never sent (a customer must not read "{new_phone}").
// - {?label}: a variable of the macro's own, asked of the agent under that label ("{?callback
//   time}"); 1 to 60 characters, no braces or line breaks. The same label twice is asked once.
// - Anything else in braces is plain text: "{}", "{ a b }", "{1x}", a lone "{" or "}".
// There is no escape: a text that reaches a customer never holds "{name}" or "{?label}", whatever
// its name, so a brace-name pair cannot be sent on purpose either (customers do not need one, and
// an escape would let "{first_name}" through the door that stops it).

const TOKEN = /\{(?:\?([^{}\r\n]*)|([A-Za-z_]\w*))\}/g;

export type VariablePart =
  // A variable of the catalogue.
  | { kind: 'variable'; token: string; key: string; variable: MacroVariable }
  // {?label}: key is '?' and the label trimmed, its spaces made one and in lower case.
  | { kind: 'asked'; token: string; key: string; label: string }
  // A name the catalogue does not know, or an asked variable without a usable label.
  | { kind: 'unknown'; token: string; key: string };
export type TemplatePart = { kind: 'text'; text: string } | VariablePart;

function variablePart(token: string, label: string | undefined, name: string | undefined): VariablePart {
  if (label !== undefined) {
    const clean = label.trim().replace(/\s+/g, ' ');
    if (clean === '' || clean.length > ASKED_LABEL_MAX_LENGTH) return { kind: 'unknown', token, key: token };
    return { kind: 'asked', token, key: `?${clean.toLowerCase()}`, label: clean };
  }
  const variable = macroVariable(name ?? '');
  return variable ? { kind: 'variable', token, key: variable.name, variable } : { kind: 'unknown', token, key: token };
}

// The text in parts: plain text and variables, in order; joined, the tokens give the text back.
export function parseMacroText(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push(variablePart(match[0], match[1], match[2]));
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

// Each variable of the text once (by key), in order of first use.
export function variablesIn(text: string): VariablePart[] {
  const seen = new Map<string, VariablePart>();
  for (const part of parseMacroText(text)) if (part.kind !== 'text' && !seen.has(part.key)) seen.set(part.key, part);
  return [...seen.values()];
}

// The variables the agent is asked for: the catalogue's agent variables and the {?label} ones.
export function askedOfAgent(text: string): Array<Extract<VariablePart, { kind: 'variable' | 'asked' }>> {
  return variablesIn(text).filter(
    (part): part is Extract<VariablePart, { kind: 'variable' | 'asked' }> =>
      part.kind === 'asked' || (part.kind === 'variable' && part.variable.source === 'agent'),
  );
}

// The names of the text the catalogue does not know (and unusable {?} labels), as written.
export function unknownVariablesIn(text: string): string[] {
  return variablesIn(text)
    .filter((part) => part.kind === 'unknown')
    .map((part) => part.token);
}

export type FilledSegment =
  | { kind: 'text'; text: string }
  | { kind: 'filled'; part: VariablePart; text: string }
  | { kind: 'unfilled'; part: VariablePart };

export type FilledText = {
  text: string;
  // The text in segments: as it was, filled, or a variable left.
  segments: FilledSegment[];
  // Each variable left (no value, or unknown), once, in order.
  unfilled: VariablePart[];
};

// Fills each variable whose key has a value (a non-empty string); leaves the others as typed. Values
// are put in as they are, in one pass: a value is never read again for variables.
export function fillMacroText(text: string, values: Readonly<Record<string, string | null | undefined>>): FilledText {
  const segments: FilledSegment[] = [];
  const unfilled = new Map<string, VariablePart>();
  for (const part of parseMacroText(text)) {
    if (part.kind === 'text') {
      segments.push(part);
      continue;
    }
    const value = part.kind === 'unknown' || !Object.hasOwn(values, part.key) ? undefined : values[part.key];
    if (typeof value === 'string' && value !== '') segments.push({ kind: 'filled', part, text: value });
    else {
      segments.push({ kind: 'unfilled', part });
      if (!unfilled.has(part.key)) unfilled.set(part.key, part);
    }
  }
  return {
    text: segments.map((segment) => (segment.kind === 'unfilled' ? segment.part.token : segment.text)).join(''),
    segments,
    unfilled: [...unfilled.values()],
  };
}

// The variables still in a text meant for a customer, each once, as written: ['{payoff_amount}'].
// The one rule of both sides: the reply box keeps Send off while any is left, send_reply and the
// outbox refuse such a text.
export function unfilledVariables(text: string): string[] {
  return variablesIn(text).map((part) => part.token);
}

function listed(tokens: readonly string[]): string {
  if (tokens.length <= 1) return tokens.join('');
  return `${tokens.slice(0, -1).join(', ')} and ${tokens.at(-1) ?? ''}`;
}

// The sentence of the reply box and of send_reply's 400, or null when the text can go.
export function unfilledVariablesError(text: string): string | null {
  const left = unfilledVariables(text);
  if (left.length === 0) return null;
  return `Fill in ${listed(left)} before sending: the customer would read ${left.length === 1 ? 'it' : 'them'} exactly as written.`;
}

// The sentence of update_macro's 400 (and the editor's warning), or null when every variable is known.
export function unknownVariablesError(text: string): string | null {
  const unknown = unknownVariablesIn(text);
  if (unknown.length === 0) return null;
  // Whole sentences (a capital first, a period last): the server answers them as they are.
  const asked = unknown.filter((token) => token.startsWith('{?'));
  const named = unknown.filter((token) => !token.startsWith('{?'));
  const sentences: string[] = [];
  if (named.length > 0) {
    const one = named.length === 1;
    const example = named[0]?.slice(1, -1).replaceAll('_', ' ') ?? '';
    sentences.push(
      `The text uses ${listed(named)}, which ${one ? 'is not a variable' : 'are not variables'} the Portal knows: use one from the list, or write {?${example}} to have the agent asked for it.`,
    );
  }
  if (asked.length > 0)
    sentences.push(
      `The text asks the agent with ${listed(asked)}, which needs a label of 1 to ${ASKED_LABEL_MAX_LENGTH} characters, as in {?callback time}.`,
    );
  return sentences.join(' ');
}

// "July 2, 2027": the way the Portal writes a date for a customer (YYYY-MM-DD in).
export function customerDate(date: string): string {
  const month = MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? '';
  return `${month} ${Number(date.slice(8, 10))}, ${Number(date.slice(0, 4))}`;
}

// "(503) 555-0123" for ten digits; anything else as stored.
export function customerPhone(phone: string): string {
  const digits = normalizePhone(phone);
  if (!new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(digits)) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

// The text with every variable left taken out, with the spaces or tabs before it (a text no agent
// reads before it goes: the after-hours auto-response).
export function withoutVariables(text: string): string {
  return text.replace(new RegExp(`[ \\t]*${TOKEN.source}`, 'g'), '');
}
