import type { Database, Transaction } from '@portal/db';
import { describeDatabaseFailure } from './database-errors.ts';
import { HttpError } from './http-error.ts';

// What a sending call answers when the database went away while its COMMIT was under way: the
// message may be in the outbox (and will then be sent), or not. "Nothing was changed" would be
// untrue half the time, and an agent who trusts it sends the customer a second copy.
export const MESSAGE_MAY_BE_SAVED = 'The message may have been saved; check the conversation before sending again.';

// The transaction of a call that queues a message. A failure before its work is done changed
// nothing and answers as any other; a lost connection once the work is done (the COMMIT) is
// ambiguous and answers 503 with MESSAGE_MAY_BE_SAVED. The staff member's Idempotency-Key makes
// the retry safe: the same request again answers the message already queued (decision 038).
export async function commitMessage<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let committing = false;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      committing = true;
      return result;
    });
  } catch (error) {
    if (committing && describeDatabaseFailure(error)?.unavailable) throw new HttpError(503, MESSAGE_MAY_BE_SAVED);
    throw error;
  }
}
