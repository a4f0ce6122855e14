import type { UnnotifiedMention } from '@portal/contracts';
import { NOTE_MESSAGES } from './messages.ts';

export type StaffWithHandle = { id: number; name: string; handle: string };
export type PlannedMention = { handle: string; employeeId: number; name: string };

// Whom a note's @handles notify (decision 062): each handle that is exactly one active employee's,
// not the writer's own. A handle nobody has, or several have, or the writer's, is listed back to the
// writer with a sentence and notifies nobody; the note keeps it as plain text.
export function planMentions(
  handles: readonly string[],
  staff: readonly StaffWithHandle[],
  writerId: number,
): { notify: PlannedMention[]; notNotified: UnnotifiedMention[] } {
  const notify: PlannedMention[] = [];
  const notNotified: UnnotifiedMention[] = [];
  for (const handle of handles) {
    const holders = staff.filter((employee) => employee.handle === handle);
    const [only] = holders;
    if (!only) notNotified.push({ handle, reason: 'unknown', sentence: NOTE_MESSAGES.unknownHandle(handle) });
    else if (holders.length > 1)
      notNotified.push({
        handle,
        reason: 'ambiguous',
        sentence: NOTE_MESSAGES.ambiguousHandle(
          handle,
          holders.map((holder) => holder.name),
        ),
      });
    else if (only.id === writerId)
      notNotified.push({ handle, reason: 'yourself', sentence: NOTE_MESSAGES.ownHandle(handle) });
    else notify.push({ handle, employeeId: only.id, name: only.name });
  }
  return { notify, notNotified };
}
