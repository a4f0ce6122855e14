import type { ServerContext } from '../../context.ts';

// What the contact-rules module takes from the server (decision 045): the part of the context it uses.
export type ContactRulesDeps = Pick<ServerContext, 'db' | 'clock' | 'contactRules'>;
