import { inArray, lt } from 'drizzle-orm';
import { customerAppTokenUses, type Executor } from '@portal/db';

// The nonces of customer-app request tokens used (decision 036, issue 27), in the database so that
// a token works once across every API process. A row is kept until its token runs out: after
// that the token is refused as run out, so the row has nothing left to guard.

// Records the nonce; false when it was used already (the primary key decides, so of two requests
// with one token at the same moment exactly one gets true).
export async function claimNonce(
  db: Executor,
  use: { nonce: string; customerId: number; now: Date; expiresAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(customerAppTokenUses)
    .values({ nonce: use.nonce, customerId: use.customerId, usedAt: use.now, expiresAt: use.expiresAt })
    .onConflictDoNothing({ target: customerAppTokenUses.nonce })
    .returning({ nonce: customerAppTokenUses.nonce });
  return claimed.length === 1;
}

// A few rows whose tokens ran out go with each use, so the table stays the size of a few minutes' requests.
const PRUNE_BATCH = 100;
export async function pruneRunOutNonces(db: Executor, now: Date): Promise<void> {
  const runOut = db
    .select({ nonce: customerAppTokenUses.nonce })
    .from(customerAppTokenUses)
    .where(lt(customerAppTokenUses.expiresAt, now))
    .limit(PRUNE_BATCH);
  await db.delete(customerAppTokenUses).where(inArray(customerAppTokenUses.nonce, runOut));
}
