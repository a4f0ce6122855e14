import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { createSignedInStaff, type SignedInStaff } from '../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { MESSAGE_MAY_BE_SAVED } from './message-commit.ts';

// A connection lost during the COMMIT of a message: the answer must not say "Nothing was changed"
// (the message may be saved, and then sent), and a retry with the same Idempotency-Key must not
// queue a second one.
let t: TestApp;
let staff: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createSignedInStaff(t.app, t.database.db);
  // Checked at COMMIT (a deferred constraint trigger): a message with this text loses the connection there.
  await t.database.db.execute(sql`
    create function lose_connection_at_commit() returns trigger language plpgsql as $$
    begin
      raise exception 'connection lost during commit (simulated)' using errcode = '08006';
    end $$`);
  await t.database.db.execute(sql`
    create constraint trigger lose_connection_at_commit after insert on messages
    deferrable initially deferred for each row when (new.body = 'Lost at commit.')
    execute function lose_connection_at_commit()`);
});
afterAll(() => t.close());

function originate(customerId: number, message: string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/internal/api/users/originate_message',
    headers: { ...staff.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { user_id: customerId, message_type: 'email', subject: 'Hi', message, thread: 'new' },
  });
}

describe('a sending call whose COMMIT loses the connection', () => {
  it('says the message may have been saved, never that nothing was changed', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await originate(customer.id, 'Lost at commit.');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errors: [MESSAGE_MAY_BE_SAVED] });
    expect(MESSAGE_MAY_BE_SAVED).toBe('The message may have been saved; check the conversation before sending again.');
  });

  it('answers the first message to a retry with the same Idempotency-Key, and queues one', async () => {
    const customer = await createCustomer(t.database.db);
    const first = await originate(customer.id, 'Only once, please.', 'compose-retry-0001');
    const again = await originate(customer.id, 'Only once, please.', 'compose-retry-0001');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const queued = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ idempotencyKey: 'compose-retry-0001', employeeId: staff.id });
    // The key used for another customer's message is refused.
    const other = await createCustomer(t.database.db);
    expect((await originate(other.id, 'Someone else.', 'compose-retry-0001')).statusCode).toBe(409);
  });
});
