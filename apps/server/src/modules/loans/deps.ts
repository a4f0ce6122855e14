import type { ServerContext } from '../../context.ts';

// What the loans module takes from the server (decision 045): the part of the context it uses.
export type LoansDeps = Pick<
  ServerContext,
  | 'db'
  | 'clock'
  | 'businessTimeZone'
  | 'outbox'
  | 'contactRules'
  | 'threads'
  | 'paymentDateGraceDays'
  | 'customerAppUrl'
  | 'secretsKey'
>;
