// The tickets feature's query keys. Other screens refresh a ticket through the tickets feature's own
// hooks (useTicketMutationEvents), never by key.
export const ticketKeys = {
  all: ['tickets'] as const,
  queue: () => ['tickets', 'queue'] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  preview: (id: number) => ['tickets', 'preview', id] as const,
  rawMessage: (messageId: number) => ['tickets', 'raw-message', messageId] as const,
};
