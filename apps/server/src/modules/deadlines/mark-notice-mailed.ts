import type { NoticeMailedResponse } from '@portal/contracts';
import type { DeadlinesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordNoticeMailed } from '../../platform/notices-to-mail.ts';

// POST deadlines/notice_mailed {id} (issue 37): a legally required notice no channel carried was
// mailed on paper; it leaves the deadlines list. Any signed-in employee may mail a letter. One
// transaction: the message locked and checked, mailed_at and mailed_by written, the audit event.
// The messages table is platform's, so the check and the write are platform/notices-to-mail.ts's.
export async function markNoticeMailed(
  context: Pick<DeadlinesDeps, 'db' | 'clock'>,
  actor: Actor,
  id: number,
): Promise<NoticeMailedResponse> {
  const now = context.clock.now();
  const mailed = await context.db.transaction((tx) =>
    recordNoticeMailed(tx, { messageId: id, employeeId: actor.employeeId, now, ipAddress: actor.ipAddress }),
  );
  return {
    message: `Message #${id} is recorded as mailed on paper.`,
    id: mailed.id,
    mailed_at: mailed.mailedAt.toISOString(),
  };
}
