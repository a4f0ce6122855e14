import type { Executor } from '@portal/db';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';

// Credit reporting's command for a dispute resolved in the consumer's favour: a Resend adjustment
// queued in the caller's transaction (credit-reporting index.ts, queueDisputeCorrection), or a
// sentence saying why none was needed.
export type QueueDisputeCorrection = (
  tx: Executor,
  actor: Actor,
  order: { disputeId: number; loanId: number; today: string; now: Date },
) => Promise<{ adjustmentId: number | null; sentence: string }>;

// What the disputes module takes from the server (decision 045): the part of the context it uses,
// and credit reporting's command, handed over by buildApp: credit reporting reads the disputes of a
// loan through this module's index.ts, so importing it back would make a cycle.
export type DisputesDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone' | 'storage' | 'secretsKey'> & {
  queueDisputeCorrection: QueueDisputeCorrection;
};
