import type { ServerContext } from '../../context.ts';

// What the user-page module takes from the server (decision 045): the part of the context it uses.
export type UserPageDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'businessTimeZone' | 'outbox' | 'contactRules' | 'customerAppUrl' | 'secretsKey'
>;
