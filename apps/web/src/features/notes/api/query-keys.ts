// The notes feature's cache keys. A note target is a ticket or a customer's page.
export type NoteTarget = { ticketId: number } | { userId: number };

export const noteKeys = {
  all: ['notes'] as const,
  list: (target: NoteTarget) =>
    'ticketId' in target
      ? (['notes', 'ticket', target.ticketId] as const)
      : (['notes', 'user', target.userId] as const),
};

export const mentionKeys = {
  all: ['mentions'] as const,
  inbox: () => ['mentions', 'inbox'] as const,
};
