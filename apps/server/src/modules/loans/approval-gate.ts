import { needsApproval } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { awaitingSentence, requestApproval } from '../approvals/index.ts';

// Four eyes on the loans' money actions (issue 41, decision 069): once the action's own rules let it
// through, one over its threshold (APPROVAL_THRESHOLDS) is recorded as waiting instead of done, and
// the sentence says so; an approved action is carried out (approval-carriers.ts) with `approved`.

export type ApprovalOptions = { approved: boolean };
export const ASKED: ApprovalOptions = { approved: false };

type GateContext = Pick<LoansDeps, 'clock' | 'approvals' | 'businessTimeZone'>;

export async function holdForApproval(
  tx: Executor,
  context: GateContext,
  actor: Actor,
  options: ApprovalOptions,
  request: Parameters<typeof requestApproval>[3],
): Promise<string | null> {
  if (options.approved || !needsApproval(context.approvals.thresholds, request.action, request.amountCents))
    return null;
  const approval = await requestApproval(tx, context, actor, request);
  return awaitingSentence(approval, context.businessTimeZone);
}
