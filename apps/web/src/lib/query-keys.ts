// Query keys shared across features: a loan action in features/loans refreshes the ticket that
// features/tickets fetched, without either feature importing the other.
export const ticketKeys = {
  all: ['tickets'] as const,
  queue: () => ['tickets', 'queue'] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  preview: (id: number) => ['tickets', 'preview', id] as const,
  rawMessage: (messageId: number) => ['tickets', 'raw-message', messageId] as const,
};

export const macroKeys = {
  all: ['macros'] as const,
};

export const documentKeys = {
  list: (userId: number, loanId: number | null) => ['documents', userId, loanId] as const,
};
