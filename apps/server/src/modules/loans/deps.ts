import type { Executor } from '@portal/db';
import type { ServerContext } from '../../context.ts';

// Handed in by buildApp (module-graph.ts: a call that runs upward): the customer's open ticket on a
// channel, which a message staff send joins so that it shows in the conversation the customer answers
// in. The tickets module answers it (findOpenTicketIdOfCustomer); it uses loans, so loans may not
// import it back.
export type OpenTicketIdOf = (db: Executor, customerId: number, channel: 'text' | 'email') => Promise<number | null>;

// What the loans module takes from the server (decision 045): the part of the context it uses, and
// the calls handed in.
export type LoansDeps = Pick<
  ServerContext,
  | 'db'
  | 'clock'
  | 'businessTimeZone'
  | 'outbox'
  | 'contactRules'
  | 'paymentDateGraceDays'
  | 'customerAppUrl'
  | 'secretsKey'
  | 'ach'
  | 'bounceFeeCents'
  | 'approvals'
  | 'storage'
> & { openTicketIdOf: OpenTicketIdOf };
