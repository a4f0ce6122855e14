import type { ServerContext } from '../../context.ts';

// What the customers module takes from the server (decision 045): the part of the context it uses.
export type CustomersDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'businessTimeZone' | 'customerAppUrl' | 'secretsKey' | 'approvals'
>;
