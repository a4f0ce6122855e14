import type { Message } from '@portal/contracts';

export type ReplyOutcome = { kind: 'flash'; text: string; type: 'success' | 'info' } | { kind: 'alert'; text: string };

// What the agent is told after Send (spec 000 section 8: a delivery failure is an alert with the server's error).
export function replyOutcome(message: Pick<Message, 'status' | 'error'>): ReplyOutcome {
  if (message.status === 'undelivered')
    return { kind: 'alert', text: message.error ?? 'The reply could not be delivered.' };
  if (message.status === 'queued') return { kind: 'flash', text: 'Reply queued in the outbox', type: 'info' };
  return { kind: 'flash', text: 'Reply sent', type: 'success' };
}
