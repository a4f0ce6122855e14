import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_LEASE_MINUTES, DISPUTE_MESSAGES } from '@portal/contracts';
import { auditEvents, disputes } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { countRows } from '../../testing/row-counts.ts';
import { auditOf, useDisputeHolder, disputeRow, insertDispute, update } from '../../testing/dispute-test-helpers.ts';

// PATCH disputes_dashboard/update_dispute: only the holder saves; formats are the contract's, the
// customer and loan are checked here; each refusal writes nothing.

const MINUTE = 60_000;
const START = new Date('2026-11-21T17:00:00Z');
const { t, holder, other, heldDispute } = useDisputeHolder(START);

const writeCounts = async () => ({
  disputes: await countRows(t.database.db, disputes),
  audit: await countRows(t.database.db, auditEvents),
});

describe('PATCH disputes_dashboard/update_dispute', () => {
  it('saves what changed, keeps what was left out, clears what was emptied, and renews the lease', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Jane', lastName: 'Doe' });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id });
    const dispute = await heldDispute({ firstName: 'Jane', lastName: 'Do', city: 'Springfeld', street: '12 Main' });
    t.clock.advance(5 * MINUTE);
    const response = await update(t, holder, dispute.id, {
      user_id: customer.id,
      loan_id: loan.id,
      last_name: 'Doe',
      city: '',
      street: null,
      state: 'IL',
      zip: '62701-1234',
      type: 'Dispute::IdentityTheft',
      sent_by_third_party: false,
      contains_valid_3pa: true,
      phone_number: '(217) 555-0143',
      full_ssn: '123-45-6789',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(DISPUTE_MESSAGES.updated);
    expect(body.dispute).toMatchObject({
      id: dispute.id,
      status: 'assigned',
      employee_id: holder.employeeId,
      user_id: customer.id,
      loan_id: loan.id,
      first_name: 'Jane',
      last_name: 'Doe',
      street: null,
      city: null,
      state: 'IL',
      zip: '62701-1234',
      type: 'Dispute::IdentityTheft',
      sent_by_third_party: false,
      contains_valid_3pa: true,
      phone_number: '2175550143',
      ssn_last_four: '6789',
    });
    expect(JSON.stringify(body)).not.toContain('123456789');
    const row = await disputeRow(t.database.db, dispute.id);
    expect(row).toMatchObject({ customerId: customer.id, firstName: 'Jane', city: null, ssnLast4: '6789' });
    expect(row.leaseExpiresAt).toEqual(new Date(START.getTime() + (5 + BACK_OFFICE_LEASE_MINUTES) * MINUTE));

    const [, updated] = await auditOf(t.database.db, dispute.id);
    expect(updated).toMatchObject({
      action: 'dispute.updated',
      employeeId: holder.employeeId,
      before: { lastName: 'Do', city: 'Springfeld', street: '12 Main', ssnLast4: null, userId: null },
      after: {
        lastName: 'Doe',
        city: null,
        street: null,
        ssnLast4: '6789',
        userId: customer.id,
        phoneNumber: '2175550143',
      },
    });
    expect(JSON.stringify(updated)).not.toMatch(/123-?45-?6789/);
  });

  it.each([
    ['a ZIP that is not 5 digits or 5-4', { zip: '1234' }, 'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).'],
    ['a state that is not on the list', { state: 'XX' }, 'Choose a state from the list.'],
    ['a dispute type that is not on the list', { type: 'Dispute::Whatever' }, 'Choose a dispute type from the list.'],
    ['a phone number without 10 digits', { phone_number: '555-0143' }, 'A phone number has 10 digits.'],
    ['an SSN without 9 digits', { full_ssn: '123-45-678' }, 'An SSN is 9 digits, e.g. 123-45-6789.'],
  ])('refuses %s (400) and writes nothing', async (_, change, message) => {
    const dispute = await heldDispute();
    const before = await writeCounts();
    const response = await update(t, holder, dispute.id, change);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await writeCounts()).toEqual(before);
  });

  it('refuses a customer or loan that does not exist, and a loan of another customer (422)', async () => {
    const jane = await createCustomer(t.database.db);
    const john = await createCustomer(t.database.db);
    const { loan: johnsLoan } = await createLoan(t.database.db, { customerId: john.id });
    const dispute = await heldDispute();
    const before = await writeCounts();

    const noUser = await update(t, holder, dispute.id, { user_id: 99_999_999 });
    expect(noUser.statusCode).toBe(422);
    expect(noUser.json()).toEqual({ errors: ['User #99999999 was not found.'] });
    const noLoan = await update(t, holder, dispute.id, { user_id: jane.id, loan_id: 88_888_888 });
    expect(noLoan.statusCode).toBe(422);
    expect(noLoan.json()).toEqual({ errors: ['Loan #88888888 was not found.'] });
    const notHers = await update(t, holder, dispute.id, { user_id: jane.id, loan_id: johnsLoan.id });
    expect(notHers.statusCode).toBe(422);
    expect(notHers.json()).toEqual({ errors: [`Loan #${johnsLoan.id} does not belong to user #${jane.id}.`] });
    expect(await writeCounts()).toEqual(before);

    // The stored loan counts too: naming Jane on a dispute that names John's loan is refused.
    expect((await update(t, holder, dispute.id, { user_id: john.id, loan_id: johnsLoan.id })).statusCode).toBe(200);
    const switched = await update(t, holder, dispute.id, { user_id: jane.id });
    expect(switched.json()).toEqual({ errors: [`Loan #${johnsLoan.id} does not belong to user #${jane.id}.`] });
  });

  it('refuses someone who does not hold it (403), a dispute nobody holds (409) and a resolved one (409)', async () => {
    const held = await heldDispute();
    const free = await insertDispute(t.database.db);
    const resolved = await insertDispute(t.database.db, { resolvedAt: START });
    const before = await writeCounts();
    const byOther = await update(t, other, held.id, { first_name: 'X' });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ errors: [DISPUTE_MESSAGES.heldByOther] });
    const unheld = await update(t, holder, free.id, { first_name: 'X' });
    expect(unheld.statusCode).toBe(409);
    expect(unheld.json().errors[0]).toBe(`Dispute #${free.id} is not assigned to you. Open it to take it first.`);
    const done = await update(t, holder, resolved.id, { first_name: 'X' });
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ errors: [`Dispute #${resolved.id} is already resolved.`] });
    const missing = await update(t, holder, 77_777_777, { first_name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(await writeCounts()).toEqual(before);
  });
});
