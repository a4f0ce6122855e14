// A message must never reach a customer with a macro's {placeholder} left in it ("your phone number
// is now {new_phone}"). One rule for both sides: the reply box and the composer list what is left
// and keep Send disabled; the server refuses to queue such a message (400).

// {name}: a letter or underscore, then letters, digits or underscores; what fillMacroPlaceholders fills.
const PLACEHOLDER = /\{([A-Za-z_]\w*)\}/g;

// The placeholders still in the text, each once, in order, written as in the text: ['{new_phone}'].
export function findUnfilledPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => `{${match[1] ?? ''}}`))];
}

// The 400 sentence that names them, or null when the text is ready to send.
export function unfilledPlaceholdersError(text: string): string | null {
  const left = findUnfilledPlaceholders(text);
  if (left.length === 0) return null;
  const which = left.length === 1 ? `the placeholder ${left[0]}` : `the placeholders ${left.join(', ')}`;
  return `The message still has ${which} from a macro. Replace ${left.length === 1 ? 'it' : 'them'} with the customer's details before sending.`;
}

// The placeholders the Portal should have filled (a known name whose value is missing, such as
// {first_name} on a ticket with no customer): the macro's prefill is missing (spec 000 section 5).
export function missingPrefills(
  body: string,
  known: readonly string[],
  values: Readonly<Record<string, string | null | undefined>>,
): string[] {
  return findUnfilledPlaceholders(body).filter((placeholder) => {
    const name = placeholder.slice(1, -1);
    return known.includes(name) && !values[name];
  });
}

// The spec's alert for a macro whose prefill is missing (000 section 5: contact internal tools).
export function macroPrefillMissingAlert(missing: readonly string[]): string {
  return `This macro's prefill is missing (${missing.join(', ')}). Please contact internal tools to fix it.`;
}
