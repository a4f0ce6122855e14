import type { Executor } from '@portal/db';
import type { Actor } from '../../platform/actor.ts';
import { stopAutoDebitsWithReason } from '../loans/index.ts';
import { upsertCustomerBankruptcy, type CustomerBankruptcyValues } from '../bankruptcies/index.ts';

// The one way a bankruptcy case is recorded on a customer (a processed notice, the FCRA lookup's
// filing and discharge), in the caller's transaction: the case upserted with the Metro 2 consumer
// information indicator it implies, and automatic debits stopped on the customer's active loans (the
// automatic stay forbids collecting), each audited with why. Answers the case and those loans.
export async function recordCustomerBankruptcy(
  tx: Executor,
  caller: Pick<Actor, 'employeeId' | 'ipAddress'>,
  values: CustomerBankruptcyValues,
  why: { reason: string; context: Record<string, unknown> },
) {
  const bankruptcy = await upsertCustomerBankruptcy(tx, values);
  const stopped = await stopAutoDebitsWithReason(tx, caller, values.customerId, why);
  return { bankruptcy, stoppedLoanIds: stopped };
}
