import { unfilledVariables } from './macro-variables.ts';

// A message must never reach a customer with a macro's variable left in it ("your phone number is
// now {new_phone}"). The variables are read by the one grammar of rules/macro-variables.ts; these
// are its words for the outbox's door (every sender: a 400 before anything is queued) and the user
// page's composer, which say "placeholder" as they always have.

// The variables still in the text, each once, in order, written as in the text: ['{new_phone}'].
export function findUnfilledPlaceholders(text: string): string[] {
  return unfilledVariables(text);
}

// The 400 sentence that names them, or null when the text is ready to send.
export function unfilledPlaceholdersError(text: string): string | null {
  const left = findUnfilledPlaceholders(text);
  if (left.length === 0) return null;
  const which = left.length === 1 ? `the placeholder ${left[0]}` : `the placeholders ${left.join(', ')}`;
  return `The message still has ${which} from a macro. Replace ${left.length === 1 ? 'it' : 'them'} with the customer's details before sending.`;
}
