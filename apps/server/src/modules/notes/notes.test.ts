import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  handleOfEmail,
  NOTE_MAX_LENGTH,
  NOTE_TARGET_BOTH,
  NOTE_TARGET_MISSING,
  noteControlCharacterMessage,
  type AddNoteResponse,
  type ListNotesResponse,
} from '@portal/contracts';
import { customerComments, employees, messages, noteMentions, notes } from '@portal/db';
import { createCustomer, createEmployee, createTicket, testPasswordHash } from '@portal/db/testing';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';
import { countRows, countWrites } from '../../testing/row-counts.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

// Issue 40, part 4: internal notes on a ticket or a customer, with @mentions.
const t = useTestApp();
const writer = useSignedInStaff(t, { name: 'Wren Writer', online: false });
const colleague = useSignedInStaff(t, { name: 'Cole Colleague', online: false });

const addNote = (payload: object, staff: Pick<SignedInStaff, 'headers'> = writer) =>
  callAsStaff(t.app, staff, 'POST', 'ticket_notes', payload);
const listNotes = (query: Record<string, string | number>, staff: Pick<SignedInStaff, 'headers'> = writer) =>
  callAsStaff(t.app, staff, 'GET', 'ticket_notes', query as Record<string, string>);
const added = async (payload: object, staff: Pick<SignedInStaff, 'headers'> = writer): Promise<AddNoteResponse> => {
  const response = await addNote(payload, staff);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const listed = async (query: Record<string, string | number>): Promise<ListNotesResponse> => {
  const response = await listNotes(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const handle = (staff: SignedInStaff) => handleOfEmail(staff.email);
const noteWrites = async () => ({
  ...(await countWrites(t.database.db)),
  notes: await countRows(t.database.db, notes),
  mentions: await countRows(t.database.db, noteMentions),
});

async function linkedTicket() {
  const customer = await createCustomer(t.database.db);
  const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber! });
  return { customer, ticket };
}

describe('POST ticket_notes', () => {
  it('adds a note to a ticket, notifies the employee it @mentions, and audits it; nothing goes to the customer', async () => {
    const { customer, ticket } = await linkedTicket();
    const outboxBefore = await countRows(t.database.db, messages);
    const commentsBefore = await countRows(t.database.db, customerComments);

    const answer = await added({
      ticket_id: ticket.id,
      body: `  @${handle(colleague).toUpperCase()} can you call the customer back about the payoff?\nThanks.  `,
    });

    expect(answer).toEqual({
      message: `Note added to ticket #${ticket.id}. Notified Cole Colleague.`,
      note: {
        id: expect.any(Number),
        ticket_id: ticket.id,
        user_id: customer.id,
        body: `@${handle(colleague).toUpperCase()} can you call the customer back about the payoff?\nThanks.`,
        author: { id: writer.id, name: 'Wren Writer' },
        created_at: t.clock.now().toISOString(),
        mentions: [{ handle: handle(colleague), employee_id: colleague.id, name: 'Cole Colleague' }],
      },
      not_notified: [],
    });
    const [event] = await auditEventsOf(t.database.db, 'note.added', answer.note.id);
    expect(event).toMatchObject({
      employeeId: writer.id,
      entityType: 'note',
      after: {
        ticket_id: ticket.id,
        user_id: customer.id,
        characters: answer.note.body.length,
        mentioned_employee_ids: [colleague.id],
        not_notified: [],
      },
    });
    // The audit says a note was added, not what it says.
    expect(JSON.stringify(event)).not.toContain('payoff');
    // Never a message (the outbox is the messages table), never a comment on the customer's card.
    expect(await countRows(t.database.db, messages)).toBe(outboxBefore);
    expect(await countRows(t.database.db, customerComments)).toBe(commentsBefore);
  });

  it("adds a note to a customer's page", async () => {
    const customer = await createCustomer(t.database.db);
    const answer = await added({ user_id: customer.id, body: 'Prefers email; works nights.' });
    expect(answer.message).toBe(`Note added to customer ${customer.id}.`);
    expect(answer.note).toMatchObject({ ticket_id: null, user_id: customer.id, mentions: [] });
  });

  it.each([
    [
      'both a ticket and a customer',
      (ids: { ticket: number; customer: number }) => ({ ticket_id: ids.ticket, user_id: ids.customer }),
      NOTE_TARGET_BOTH,
    ],
    ['neither', () => ({}), NOTE_TARGET_MISSING],
    ['nulls for both', () => ({ ticket_id: null, user_id: null }), NOTE_TARGET_MISSING],
  ])('refuses a note on %s with a sentence, and writes nothing', async (_case, target, error) => {
    const { customer, ticket } = await linkedTicket();
    const before = await noteWrites();
    expectErrors(await addNote({ ...target({ ticket: ticket.id, customer: customer.id }), body: 'Hello' }), 400, [
      error,
    ]);
    expect(await noteWrites()).toEqual(before);
  });

  it.each([
    ['a blank body', '   \n ', 'Please write the note.'],
    ['no body', undefined, 'Please write the note.'],
    ['a body too long', 'x'.repeat(NOTE_MAX_LENGTH + 1), `A note must be at most ${NOTE_MAX_LENGTH} characters.`],
    ['an escape character', 'Call back \u001b[2J now', noteControlCharacterMessage],
    ['a DEL', 'Call\u007f back', noteControlCharacterMessage],
  ])('refuses %s and writes nothing', async (_case, body, error) => {
    const { ticket } = await linkedTicket();
    const before = await noteWrites();
    expectErrors(await addNote({ ticket_id: ticket.id, body }), 400, [error]);
    expect(await noteWrites()).toEqual(before);
  });

  it('keeps line breaks and tabs, and takes exactly the longest note allowed', async () => {
    const { ticket } = await linkedTicket();
    expect((await added({ ticket_id: ticket.id, body: 'Line one\r\n\tLine two' })).note.body).toBe(
      'Line one\r\n\tLine two',
    );
    expect((await added({ ticket_id: ticket.id, body: 'y'.repeat(NOTE_MAX_LENGTH) })).note.body).toHaveLength(
      NOTE_MAX_LENGTH,
    );
  });

  it('answers 404 for a ticket or customer that does not exist, and writes nothing', async () => {
    const before = await noteWrites();
    expectErrors(await addNote({ ticket_id: 987_654_321, body: 'Hi' }), 404, ['Ticket #987654321 was not found.']);
    expectErrors(await addNote({ user_id: 987_654_321, body: 'Hi' }), 404, ['Customer 987654321 was not found.']);
    expect(await noteWrites()).toEqual(before);
  });

  it('answers a signed-out caller 401 and writes nothing', async () => {
    const { ticket } = await linkedTicket();
    const before = await noteWrites();
    expect((await addNote({ ticket_id: ticket.id, body: 'Hi' }, { headers: {} } as never)).statusCode).toBe(401);
    expect((await listNotes({ ticket_id: ticket.id }, { headers: {} } as never)).statusCode).toBe(401);
    expect(await noteWrites()).toEqual(before);
  });

  it('lists back the handles it notified nobody of: unknown, inactive, shared by two, the writer; an email is no mention', async () => {
    const db = t.database.db;
    const passwordHash = await testPasswordHash();
    await createEmployee(db, { email: 'sam.shared@portal.example', name: 'Sam Portal', passwordHash });
    await createEmployee(db, { email: 'sam.shared@branch.example', name: 'Sam Branch', passwordHash });
    const gone = await createEmployee(db, { email: 'gone.away@portal.example', name: 'Gone Away', passwordHash });
    await db.update(employees).set({ active: false }).where(eq(employees.id, gone.id));
    const { ticket } = await linkedTicket();

    const answer = await added({
      ticket_id: ticket.id,
      body: `@nobody.here @gone.away @sam.shared @${handle(writer)} @${handle(colleague)}, the customer wrote from pat@example.com`,
    });
    expect(answer.not_notified).toEqual([
      {
        handle: 'nobody.here',
        reason: 'unknown',
        sentence:
          "@nobody.here is not an active employee's handle (the part of their email before the @); nobody was notified.",
      },
      {
        handle: 'gone.away',
        reason: 'unknown',
        sentence:
          "@gone.away is not an active employee's handle (the part of their email before the @); nobody was notified.",
      },
      {
        handle: 'sam.shared',
        reason: 'ambiguous',
        sentence: expect.stringMatching(
          /^@sam\.shared is the handle of Sam (Portal and Sam Branch|Branch and Sam Portal); nobody was notified\./,
        ),
      },
      { handle: handle(writer), reason: 'yourself', sentence: `@${handle(writer)} is you; nobody was notified.` },
    ]);
    expect(answer.note.mentions.map((mention) => mention.employee_id)).toEqual([colleague.id]);
    const [{ n } = { n: 0 }] = await db
      .select({ n: count() })
      .from(noteMentions)
      .where(eq(noteMentions.noteId, answer.note.id));
    expect(n).toBe(1);
  });
});

describe('GET ticket_notes', () => {
  it("lists a ticket's notes, newest first, in pages", async () => {
    const { ticket } = await linkedTicket();
    const ids: number[] = [];
    for (const body of ['First', 'Second', 'Third']) ids.push((await added({ ticket_id: ticket.id, body })).note.id);
    const first = await listed({ ticket_id: ticket.id, limit: 2 });
    expect(first.notes.map((note) => note.body)).toEqual(['Third', 'Second']);
    expect(first.next_before).toBe(ids[1]);
    const second = await listed({ ticket_id: ticket.id, limit: 2, before: first.next_before! });
    expect(second).toEqual({ notes: [expect.objectContaining({ body: 'First' })], next_before: null });
  });

  it("lists a customer's notes with those of their tickets, a ticket linked after its note too", async () => {
    const customer = await createCustomer(t.database.db);
    const unlinked = await createTicket(t.database.db, { channel: 'email', contact: 'stranger@example.net' });
    const onTicket = await added({ ticket_id: unlinked.id, body: 'Sender unknown; asked for their ID.' });
    expect(onTicket.note.user_id).toBeNull();
    await added({ user_id: customer.id, body: 'On the page' });
    const other = await createCustomer(t.database.db);
    await added({ user_id: other.id, body: 'Someone else' });

    expect((await listed({ user_id: customer.id })).notes.map((note) => note.body)).toEqual(['On the page']);
    const link = await callAsStaff(t.app, writer, 'POST', 'users/link_ticket', {
      ticket_id: unlinked.id,
      user_id: customer.id,
    });
    expect(link.statusCode, link.body).toBe(200);
    const after = await listed({ user_id: customer.id });
    expect(after.notes.map((note) => [note.body, note.user_id, note.ticket_id])).toEqual([
      ['On the page', customer.id, null],
      ['Sender unknown; asked for their ID.', customer.id, unlinked.id],
    ]);
  });

  it('answers 404 for an unknown ticket or customer, and 400 without exactly one of them', async () => {
    expectErrors(await listNotes({ ticket_id: 987_654_321 }), 404, ['Ticket #987654321 was not found.']);
    expectErrors(await listNotes({ user_id: 987_654_321 }), 404, ['Customer 987654321 was not found.']);
    expectErrors(await listNotes({}), 400, [NOTE_TARGET_MISSING]);
    expectErrors(await listNotes({ ticket_id: 1, user_id: 1 }), 400, [NOTE_TARGET_BOTH]);
  });
});

describe('the mentions inbox', () => {
  it('shows each employee their own mentions, newest first, with the link to read them, and counts the unread', async () => {
    const reader = await createSignedInStaff(t.app, t.database.db, { name: 'Rae Reader', online: false });
    const { customer, ticket } = await linkedTicket();
    const onTicket = await added({ ticket_id: ticket.id, body: `@${handle(reader)} please look` });
    t.clock.advance(60_000);
    const onPage = await added({ user_id: customer.id, body: `FYI @${handle(reader)}` }, colleague);

    const unread = await callAsStaff(t.app, reader, 'GET', 'mentions/unread_count');
    expect(unread.json()).toEqual({ unread: 2 });
    const inbox = await callAsStaff(t.app, reader, 'GET', 'mentions');
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json()).toEqual({
      mentions: [
        {
          id: expect.any(Number),
          created_at: onPage.note.created_at,
          read_at: null,
          note: onPage.note,
          link: `/user?ID=${customer.id}`,
        },
        {
          id: expect.any(Number),
          created_at: onTicket.note.created_at,
          read_at: null,
          note: onTicket.note,
          link: `/?ticket=${ticket.id}`,
        },
      ],
      next_before: null,
      unread: 2,
    });
    // Nobody else's.
    const other = await callAsStaff(t.app, writer, 'GET', 'mentions/unread_count');
    expect(other.json().unread).toBe(0);
  });

  it('marks their own mentions read, audited once; another employee cannot', async () => {
    const reader = await createSignedInStaff(t.app, t.database.db, { name: 'Ray Reads', online: false });
    const { ticket } = await linkedTicket();
    for (const body of ['one', 'two', 'three'])
      await added({ ticket_id: ticket.id, body: `@${handle(reader)} ${body}` });
    const page = await callAsStaff(t.app, reader, 'GET', 'mentions', { limit: '2' });
    const { mentions, next_before } = page.json();
    expect(mentions).toHaveLength(2);
    expect(next_before).toBe(mentions[1].id);
    const ids: number[] = mentions.map((mention: { id: number }) => mention.id);

    const before = await noteWrites();
    expectErrors(await callAsStaff(t.app, writer, 'PATCH', 'mentions_read', { ids }), 404, [
      `Mentions ${ids.join(', ')} are not yours, or do not exist; nothing was marked.`,
    ]);
    expect(await noteWrites()).toEqual(before);

    const read = await callAsStaff(t.app, reader, 'PATCH', 'mentions_read', { ids });
    expect(read.json()).toEqual({ message: '2 mentions marked read.', unread: 1 });
    const [event] = await auditEventsOf(t.database.db, 'mentions.read', reader.id);
    expect(event).toMatchObject({
      employeeId: reader.id,
      entityType: 'employee',
      after: { mention_ids: [...ids].sort((a, b) => a - b) },
    });
    const again = await callAsStaff(t.app, reader, 'PATCH', 'mentions_read', { ids });
    expect(again.json()).toEqual({ message: 'Those mentions were already read.', unread: 1 });
    expect(await auditEventsOf(t.database.db, 'mentions.read', reader.id)).toHaveLength(1);

    const inbox = (await callAsStaff(t.app, reader, 'GET', 'mentions')).json();
    expect(inbox.mentions.map((mention: { read_at: string | null }) => mention.read_at !== null)).toEqual([
      true,
      true,
      false,
    ]);
    expectErrors(await callAsStaff(t.app, reader, 'PATCH', 'mentions_read', { ids: [] }), 400, [
      'Say which mentions to mark read (ids).',
    ]);
  });
});
