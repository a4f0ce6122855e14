import { SUGGESTION_MAX_LENGTH, SUGGESTION_TRUNCATED_LENGTH } from '../constants.ts';

export const DEBIT_WARNING = 'Debit is mentioned in the reply but is not an eligible payment method';
export const MACRO_PREFILL_MISSING = 'This macro has no prefill text. Please contact internal tools to fix it.';

// Spec 000 section 5: warn when the reply mentions debit, an active loan exists and none allows debit.
export function debitWarning(
  reply: string,
  activeLoans: ReadonlyArray<{ eligible_payment_methods: readonly string[] }>,
): string | null {
  if (!/\bdebit\b/i.test(reply) || activeLoans.length === 0) return null;
  return activeLoans.some((loan) => loan.eligible_payment_methods.includes('debit')) ? null : DEBIT_WARNING;
}

// Suggestions longer than 200 characters are cut to 140 plus an ellipsis.
export function truncateSuggestion(text: string): string {
  return text.length > SUGGESTION_MAX_LENGTH ? `${text.slice(0, SUGGESTION_TRUNCATED_LENGTH)}...` : text;
}

export type MacroShortcutResult =
  | { kind: 'none' }
  | { kind: 'expanded'; text: string; caret: number; macroId: number }
  | { kind: 'prefill-missing'; macroTitle: string };

// Typing #name and then Enter replaces #name (the word just before the caret) with the macro's text,
// if a macro of that title exists. A macro whose text is empty triggers the prefill alert instead.
export function expandMacroShortcut(
  text: string,
  caret: number,
  macros: ReadonlyArray<{ id: number; title: string; body: string }>,
): MacroShortcutResult {
  const before = text.slice(0, caret);
  const match = /(^|\s)#([\w-]+)$/.exec(before);
  if (!match?.[2]) return { kind: 'none' };
  const title = match[2];
  const macro = macros.find((candidate) => candidate.title.toLowerCase() === title.toLowerCase());
  if (!macro) return { kind: 'none' };
  if (macro.body.trim() === '') return { kind: 'prefill-missing', macroTitle: macro.title };
  const start = before.length - title.length - 1;
  const expanded = `${text.slice(0, start)}${macro.body}${text.slice(caret)}`;
  return { kind: 'expanded', text: expanded, caret: start + macro.body.length, macroId: macro.id };
}
