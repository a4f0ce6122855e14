import type { TicketListKind } from '@portal/contracts';

// The tickets feature's query keys. Other screens refresh a ticket through the tickets feature's own
// hooks (useTicketMutationEvents), never by key.
export const ticketKeys = {
  all: ['tickets'] as const,
  queue: () => ['tickets', 'queue'] as const,
  // The archived and escalated lists' pages (issue 40), by their view.
  lists: () => ['tickets', 'list'] as const,
  list: (kind: TicketListKind, view: object) => ['tickets', 'list', kind, view] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  preview: (id: number) => ['tickets', 'preview', id] as const,
  rawMessage: (messageId: number) => ['tickets', 'raw-message', messageId] as const,
};
