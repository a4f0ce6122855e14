import type { Executor } from '@portal/db';
import type { ServerContext } from '../../context.ts';

// The bankruptcy module's read of a customer's case under the automatic stay (its index.ts,
// findAutomaticStay), handed over by buildApp: that module stops debits through this one's index.ts,
// so importing it back would make a cycle.
export type AutomaticStayOf = (
  tx: Executor,
  customerId: number,
) => Promise<{ caseNumber: string; chapter: number } | null>;

// What the loans module takes from the server (decision 045): the part of the context it uses, and
// the automatic stay's read.
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
> & { automaticStayOf: AutomaticStayOf };
