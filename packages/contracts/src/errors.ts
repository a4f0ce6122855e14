import { z } from 'zod';

// Every error answer of the API: a list of sentences a staff member can act on.
export const errorsResponseSchema = z.object({ errors: z.array(z.string()) });
export type ErrorsResponse = z.infer<typeof errorsResponseSchema>;

// The spec's own messages that are not written as sentences (no full stop): said word for word.
const VERBATIM_MESSAGES = new Set<string>();
export function verbatimMessage<const Message extends string>(message: Message): Message {
  VERBATIM_MESSAGES.add(message);
  return message;
}

// Whether a validation message is ours to show as it is: a whole sentence (a capital to a full
// stop) or one of the spec's verbatim messages. zod's own ("Invalid input: expected string") get
// the field named in front by the server.
export function isWholeMessage(message: string): boolean {
  return /^[A-Z].*\.$/.test(message) || VERBATIM_MESSAGES.has(message);
}
