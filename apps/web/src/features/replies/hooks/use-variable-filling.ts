import { useState } from 'react';
import { askedOfAgent, fillMacroText, variablesIn, type MacroValuesResponse } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import type { AskedVariable } from '../components/agent-variables-form.tsx';

// A macro text waiting for the agent's values in the form, with what its inserter needs to place it.
type Pending<Request> = { text: string; title: string | null; asked: AskedVariable[]; request: Request };

// How a macro's text is filled when it is inserted (decision 061): the account's and the employee's
// variables from GET macro_values, read then (the account as it is now); then, if the text asks the
// agent for anything, the form. A variable the Portal could not fill stays in the text, with the
// reason kept to show beside it.
export function useVariableFilling<Request>(loadValues: (() => Promise<MacroValuesResponse>) | undefined) {
  const [pending, setPending] = useState<Pending<Request> | null>(null);
  const [reasons, setReasons] = useState<Readonly<Record<string, string>>>({});
  const [reading, setReading] = useState(false);

  // The text with the account's values in: ready to place, or null when the form asks the agent
  // first (finish answers it then).
  async function fill(template: string, title: string | null, request: Request): Promise<string | null> {
    let text = template;
    const fromAccount = variablesIn(template)
      .filter((part) => part.kind === 'variable' && part.variable.source !== 'agent')
      .map((part) => part.key);
    if (fromAccount.length > 0 && loadValues) {
      setReading(true);
      try {
        const answer = await loadValues();
        text = fillMacroText(template, answer.values).text;
        const why = Object.fromEntries(answer.unfilled.map(({ name, reason }) => [name, reason]));
        setReasons((current) => ({ ...current, ...why }));
      } catch (error) {
        // Inserted all the same: what could not be filled is marked and keeps Send off.
        const why = `The account could not be read: ${errorMessages(error).join(' ')}`;
        setReasons((current) => ({ ...current, ...Object.fromEntries(fromAccount.map((key) => [key, why])) }));
      } finally {
        setReading(false);
      }
    }
    const asked = askedOfAgent(text);
    if (asked.length === 0) return text;
    setPending({ text, title, asked, request });
    return null;
  }

  // The form's values put in: the text to place, and where.
  function finish(values: Readonly<Record<string, string>>): { text: string; request: Request } | null {
    if (!pending) return null;
    setPending(null);
    return { text: fillMacroText(pending.text, values).text, request: pending.request };
  }

  return { fill, finish, cancel: () => setPending(null), pending, reasons, reading };
}
