// The sentences the ticket calls answer with (spec 000 section 8: shown in the ticket's error strip).
export const TICKET_ERRORS = {
  notFound: (id: number) => `Ticket ${id} was not found.`,
  beingWorked: (id: number, name: string) => `Ticket ${id} is being worked by ${name}.`,
  goOnline: 'Go online to receive tickets.',
  alreadyClosed: (id: number) => `Ticket ${id} is already closed.`,
  closedCannot: (id: number, verb: string) => `Ticket ${id} is closed, so it cannot be ${verb}.`,
  alreadyArchived: (id: number) => `Ticket ${id} is already archived.`,
  notArchived: (id: number) => `Ticket ${id} is not archived.`,
  alreadyEscalated: (id: number) => `Ticket ${id} is already escalated.`,
  notEscalated: (id: number) => `Ticket ${id} is not escalated.`,
  unknownMacro: (id: number) => `There is no macro ${id}.`,
  noCustomer: 'This ticket has no customer to send instructions to.',
  notLinked: (id: number) => `Ticket ${id} is not linked to a customer yet. Link it to an account first.`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for another message; compose the reply again.',
} as const;
