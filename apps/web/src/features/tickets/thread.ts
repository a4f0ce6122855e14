import { DAY_MS, MESSAGE_AGED_AFTER_DAYS, type Message, type Ticket } from '@portal/contracts';

// The thread the agent reads: the ticket's own messages and the customer's other texts and emails,
// each once (the same message can arrive through several lists), oldest first.
export function buildThread(ticket: Pick<Ticket, 'messages' | 'details'>): Message[] {
  const byId = new Map<number, Message>();
  for (const entry of [...ticket.messages, ...ticket.details.inboundTexts, ...ticket.details.inboundEmails]) {
    if (!byId.has(entry.id)) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
}

export function isAged(createdAt: string, now: number = Date.now()): boolean {
  return now - Date.parse(createdAt) > MESSAGE_AGED_AFTER_DAYS * DAY_MS;
}
