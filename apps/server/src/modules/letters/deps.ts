import type { ServerContext } from '../../context.ts';

// What the letters module takes from the server (decision 045): the part of the context it uses.
export type LettersDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'businessTimeZone' | 'outbox' | 'contactRules' | 'storage'
>;
