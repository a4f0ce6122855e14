// The notes' sentences, in words a staff member can act on.
export const NOTE_MESSAGES = {
  unknownTicket: (id: number) => `Ticket #${id} was not found.`,
  unknownCustomer: (id: number) => `Customer ${id} was not found.`,
  added: (target: string) => `Note added to ${target}.`,
  notified: (names: readonly string[]) => `Notified ${joinNames(names)}.`,
  unknownHandle: (handle: string) =>
    `@${handle} is not an active employee's handle (the part of their email before the @); nobody was notified.`,
  ambiguousHandle: (handle: string, names: readonly string[]) =>
    `@${handle} is the handle of ${joinNames(names)}; nobody was notified. Ask them which of them to tell.`,
  ownHandle: (handle: string) => `@${handle} is you; nobody was notified.`,
  notYourMentions: (ids: readonly number[]) =>
    `${ids.length === 1 ? `Mention ${ids[0]} is` : `Mentions ${ids.join(', ')} are`} not yours, or do not exist; nothing was marked.`,
  markedRead: (count: number) =>
    count === 0 ? 'Those mentions were already read.' : `${count} mention${count === 1 ? '' : 's'} marked read.`,
} as const;

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
