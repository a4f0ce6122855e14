import type { Executor } from '../../client.ts';
import { macroTags, macros, messages, tickets } from '../../schema/index.ts';

export type NewTicket = Partial<typeof tickets.$inferInsert> & {
  channel?: 'text' | 'email';
  contact?: string;
  // Inbound message bodies of the thread, oldest first.
  thread?: string[];
};

// An open ticket with its inbound thread.
export async function createTicket(db: Executor, input: NewTicket = {}) {
  const { thread = ['Hi, I have a question about my loan.'], ...values } = input;
  const channel = values.channel ?? 'text';
  const [ticket] = await db
    .insert(tickets)
    .values({
      channel,
      contact: values.contact ?? (channel === 'text' ? '5550001111' : 'someone@example.com'),
      ...values,
    })
    .returning();
  if (!ticket) throw new Error('createTicket: insert returned nothing');
  const createdAt = ticket.createdAt.getTime();
  if (thread.length > 0) {
    await db.insert(messages).values(
      thread.map((body, index) => ({
        ticketId: ticket.id,
        customerId: ticket.customerId,
        type: channel,
        inbound: true,
        subject: channel === 'email' ? (ticket.subject ?? 'Question') : null,
        body,
        fromAddress: ticket.contact,
        status: 'received' as const,
        createdAt: new Date(createdAt + index * 1000),
      })),
    );
  }
  return ticket;
}

export async function createMacro(db: Executor, input: { title: string; body: string; tags?: string[] }) {
  const [macro] = await db.insert(macros).values({ title: input.title, body: input.body }).returning();
  if (!macro) throw new Error('createMacro: insert returned nothing');
  if (input.tags?.length) await db.insert(macroTags).values(input.tags.map((tag) => ({ macroId: macro.id, tag })));
  return macro;
}
