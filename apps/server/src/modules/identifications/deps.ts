import type { ServerContext } from '../../context.ts';

// What the identifications module takes from the server (decision 045): the part of the context it uses.
export type IdentificationsDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'outbox' | 'contactRules' | 'customerAppUrl' | 'flaggedRoutingNumbers' | 'secretsKey'
>;
