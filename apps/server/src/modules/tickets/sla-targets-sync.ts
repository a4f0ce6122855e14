import { sql } from 'drizzle-orm';
import type { SlaTargets } from '@portal/contracts';
import { slaTargets, type Database, type Executor } from '@portal/db';

// The reply-time targets (SLA_TARGETS, decision 066) where the database's clock reads them. Written
// at start; when they changed, every running clock's due instant is worked out again, in the same
// transaction, so the queue hands out by the new targets at once.
export async function syncSlaTargets(db: Database, targets: SlaTargets): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${slaTargets} in share row exclusive mode`);
    const current = await tx.select().from(slaTargets);
    const rows = (['text', 'email'] as const).map((channel) => ({
      channel,
      firstReplySeconds: targets[channel].first_reply * 60,
      nextReplySeconds: targets[channel].next_reply * 60,
    }));
    const same =
      current.length === rows.length &&
      rows.every((row) =>
        current.some(
          (stored) =>
            stored.channel === row.channel &&
            stored.firstReplySeconds === row.firstReplySeconds &&
            stored.nextReplySeconds === row.nextReplySeconds,
        ),
      );
    if (same) return false;
    await tx.delete(slaTargets);
    await tx.insert(slaTargets).values(rows);
    await recomputeSlaDueTimes(tx);
    return true;
  });
}

// Every running clock's due instant from its start of run, the business seconds it has used and its
// target: after the targets or the business hours changed.
export async function recomputeSlaDueTimes(tx: Executor): Promise<void> {
  await tx.execute(sql`update tickets
    set sla_due_at = business_add(sla_running_since, greatest(0, sla_target_seconds(channel, sla_target) - sla_used_seconds))
    where sla_running_since is not null`);
}
