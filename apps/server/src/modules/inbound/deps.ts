import type { ServerContext } from '../../context.ts';

// What the inbound module takes from the server (decision 045): the part of the context it uses.
export type InboundDeps = Pick<ServerContext, 'db' | 'clock' | 'outbox' | 'contactRules' | 'inbound'>;
