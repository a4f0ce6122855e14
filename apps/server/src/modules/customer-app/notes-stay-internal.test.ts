import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_APP_TOKEN_HEADER, handleOfEmail } from '@portal/contracts';
import { messages } from '@portal/db';
import { createTicket } from '@portal/db/testing';
import { signCustomerAppRequest } from './request-token.ts';
import { csvLines, packText } from '../../testing/evidence-pack-files.ts';
import { createActiveLoan } from '../../testing/loan-helpers.ts';
import { countRows } from '../../testing/row-counts.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useSignedInStaff, useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// Issue 40, part 4: a note is for staff. It is never queued to the customer (the outbox is the
// messages table), never answered by the customer app's calls, and in the evidence pack only in the
// staff section (decision 062), never in the customer-facing files (messages, letters, profile).

const t = useTestApp();
const writer = useSignedInStaff(t, { name: 'Ivy Internal', online: false });
const colleague = useSignedInStaff(t, { name: 'Nat Notified', online: false });
const compliance = useStaffSession(t, ['compliance']);

const SECRET_TEXT = 'Suspect the caller is not the customer';

describe('an internal note', () => {
  it('reaches no customer: not the outbox, not the customer app, only the staff section of the evidence pack', async () => {
    const db = t.database.db;
    const { customer, customerId, next } = await createActiveLoan(db, { firstName: 'Quinn', lastName: 'Quiet' });
    const ticket = await createTicket(db, { customerId, contact: customer.phoneNumber!, thread: ['Hello?'] });
    const messagesBefore = await countRows(db, messages);

    for (const payload of [
      { ticket_id: ticket.id, body: `${SECRET_TEXT} (ticket). @${handleOfEmail(colleague.email)}` },
      { user_id: customerId, body: `${SECRET_TEXT} (page).` },
    ]) {
      const response = await callAsStaff(t.app, writer, 'POST', 'ticket_notes', payload);
      expect(response.statusCode, response.body).toBe(200);
    }
    // Nothing queued, sent or held for the customer, and the outbox has nothing to deliver.
    expect(await countRows(db, messages)).toBe(messagesBefore);
    await t.app.outbox.deliverDue();
    expect(await countRows(db, messages)).toBe(messagesBefore);

    // The customer app's answer about the customer's own payment carries nothing of it.
    const path = `/internal/api/customer_app/payments/${next.id}/toggle_method`;
    const keys = { secretsKey: TEST_SECRETS_KEY, clock: { now: () => t.clock.now() } };
    const token = signCustomerAppRequest(keys, customerId, { method: 'POST', path });
    const app = await t.app.inject({ method: 'POST', url: path, headers: { [CUSTOMER_APP_TOKEN_HEADER]: token } });
    expect(app.statusCode, app.body).toBeLessThan(500);
    expect(app.body).not.toContain(SECRET_TEXT);

    // The evidence pack lists the notes as staff records, in their own folder, and nowhere else.
    const pack = await t.app.inject({
      method: 'GET',
      url: `/internal/api/users/evidence_pack?user_id=${customerId}`,
      headers: compliance.headers,
    });
    expect(pack.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(pack.rawPayload));
    const holding = Object.keys(files).filter((name) => packText(files, name).includes(SECRET_TEXT));
    expect(holding).toEqual(['staff/internal-notes.csv']);
    const notesCsv = csvLines(packText(files, 'staff/internal-notes.csv'));
    expect(notesCsv[0]).toBe('note_id,at,author,ticket_id,body,mentioned');
    expect(notesCsv.slice(1)).toEqual([
      expect.stringContaining(`Ivy Internal (#${writer.id}),${ticket.id},${SECRET_TEXT} (ticket).`),
      expect.stringContaining(`Ivy Internal (#${writer.id}),,${SECRET_TEXT} (page).`),
    ]);
    expect(notesCsv[1]).toContain(`Nat Notified (#${colleague.id})`);
    const readme = packText(files, 'README.txt');
    expect(readme).toContain('staff/internal-notes.csv');
    expect(readme).toContain('never sent to the customer');
    // The audit trail records that the notes were added, without their text.
    expect(packText(files, 'audit/audit-trail.csv')).toContain(',note.added,note,');
  });
});
