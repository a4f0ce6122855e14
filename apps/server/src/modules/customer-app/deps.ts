import type { ServerContext } from '../../context.ts';

// What the customer-app module takes from the server (decision 045): the part of the context it uses.
export type CustomerAppDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'businessTimeZone' | 'paymentDateGraceDays' | 'secretsKey'
>;
