import type { ServerContext } from '../../context.ts';

// What the tickets module takes from the server (decision 045): the part of the context it uses.
export type TicketsDeps = Pick<
  ServerContext,
  | 'db'
  | 'clock'
  | 'businessTimeZone'
  | 'outbox'
  | 'contactRules'
  | 'ticketLeaseMinutes'
  | 'undoSendSeconds'
  | 'employeeOffline'
  | 'customerAppUrl'
  | 'secretsKey'
>;
