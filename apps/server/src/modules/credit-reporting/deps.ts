import type { ServerContext } from '../../context.ts';

// What the credit-reporting module takes from the server (decision 045): the part of the context it uses.
export type CreditReportingDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'businessTimeZone' | 'outbox' | 'contactRules' | 'storage' | 'secretsKey'
>;
