import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES, DISPUTE_RESPONSE_TYPES } from '@portal/contracts';
import { auditEvents, creditReportingFlags, customerComments, disputes } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { countRows } from '../../testing/row-counts.ts';
import { customerCommentsOf } from '../../testing/customer-comments.ts';
import { auditOf, useDisputeHolder, disputeRow, insertDispute, resolve } from '../../testing/dispute-test-helpers.ts';
import { JANE_DOE } from '../../testing/sample-dispute-sender.ts';

// PATCH disputes_dashboard/resolve_dispute: the shared rule decides what each response type needs;
// identity theft flags the loan for credit reporting; the customer's account gets a note.

const START = new Date('2026-11-21T17:00:00Z');
const { t, holder, other, heldDispute } = useDisputeHolder(START);

const writeCounts = async () => ({
  disputes: await countRows(t.database.db, disputes),
  audit: await countRows(t.database.db, auditEvents),
  flags: await countRows(t.database.db, creditReportingFlags),
  comments: await countRows(t.database.db, customerComments),
});

const WHOLE = 'User ID, Loan ID, First Name, Last Name, Street, City, State, ZIP, Dispute Type';
const NEEDS: Record<string, string | null> = {
  'DisputeResponse::Validation': `A Validation response needs ${WHOLE}.`,
  'DisputeResponse::IdentityTheft': `An Identity Theft response needs ${WHOLE}.`,
  'DisputeResponse::CannotDelete': `A Cannot Delete response needs ${WHOLE}.`,
  'DisputeResponse::NotFound':
    'A Not Found response needs First Name, Last Name, Street, City, State, ZIP, Dispute Type.',
  'DisputeResponse::ThirdPartyAuthorization': 'A 3PA response needs User ID, First Name, Last Name, Dispute Type.',
  'DisputeResponse::PowerOfAttorney': 'A POA response needs User ID, First Name, Last Name, Dispute Type.',
  'DisputeResponse::NoResponse': null,
};

describe('PATCH disputes_dashboard/resolve_dispute', () => {
  it.each(DISPUTE_RESPONSE_TYPES.map((type) => [type.label, type.apiValue] as const))(
    'asks a %s response for the fields it needs',
    async (_, apiValue) => {
      const dispute = await heldDispute();
      const before = await writeCounts();
      const response = await resolve(t, holder, dispute.id, apiValue);
      const needs = NEEDS[apiValue];
      if (needs === null) {
        expect(response.statusCode).toBe(200);
        expect(response.json().dispute).toMatchObject({ status: 'resolved', response_type: apiValue });
        return;
      }
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: [needs] });
      expect(await writeCounts()).toEqual(before);
    },
  );

  it('names only the fields still empty', async () => {
    const dispute = await heldDispute({
      firstName: 'Jane',
      lastName: 'Doe',
      type: 'Dispute::Other',
      city: 'Springfield',
    });
    const response = await resolve(t, holder, dispute.id, 'DisputeResponse::NotFound');
    expect(response.json()).toEqual({ errors: ['A Not Found response needs Street, State, ZIP.'] });
  });

  it.each([
    ['no response type', undefined],
    ['an empty one', ''],
    ['one that is not on the list', 'DisputeResponse::Shrug'],
  ])('refuses %s with the spec sentence', async (_, responseType) => {
    const dispute = await heldDispute();
    const before = await writeCounts();
    const response = await resolve(t, holder, dispute.id, responseType);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['Please select a response type'] });
    expect(await writeCounts()).toEqual(before);
  });

  it('resolves as identity theft: flags the loan, notes the account, releases the lease, records it all', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Jane', lastName: 'Doe' });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id });
    const dispute = await heldDispute({
      customerId: customer.id,
      loanId: loan.id,
      ...JANE_DOE,
      type: 'Dispute::IdentityTheft',
    });
    const response = await resolve(t, holder, dispute.id, 'DisputeResponse::IdentityTheft');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: DISPUTE_MESSAGES.resolved,
      dispute: expect.objectContaining({
        id: dispute.id,
        status: 'resolved',
        employee_id: null,
        employee_name: null,
        overdue: false,
        response_type: 'DisputeResponse::IdentityTheft',
        resolved_at: START.toISOString(),
      }),
    });
    const row = await disputeRow(t.database.db, dispute.id);
    expect(row).toMatchObject({
      resolvedAt: START,
      resolvedBy: holder.employeeId,
      responseType: 'DisputeResponse::IdentityTheft',
      assignedTo: null,
      leaseExpiresAt: null,
    });
    const flags = await t.database.db
      .select()
      .from(creditReportingFlags)
      .where(eq(creditReportingFlags.loanId, loan.id));
    expect(flags).toEqual([
      expect.objectContaining({
        reason: `Dispute #${dispute.id} resolved as identity theft`,
        disputeId: dispute.id,
        createdBy: holder.employeeId,
        clearedAt: null,
      }),
    ]);
    const notes = await customerCommentsOf(t.database.db, customer.id);
    expect(notes).toEqual([
      expect.objectContaining({
        body: `Dispute #${dispute.id} resolved: Identity Theft.`,
        employeeId: holder.employeeId,
      }),
    ]);
    const events = await auditOf(t.database.db, dispute.id);
    expect(events.map((event) => event.action)).toEqual(['dispute.assigned', 'dispute.resolved']);
    expect(events[1]).toMatchObject({
      before: { resolvedAt: null, assignedTo: holder.employeeId },
      after: { resolvedAt: START.toISOString(), responseType: 'DisputeResponse::IdentityTheft', assignedTo: null },
    });
    const [noted] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'customer.comment_added'));
    expect(noted).toMatchObject({
      entityId: String(customer.id),
      after: { body: `Dispute #${dispute.id} resolved: Identity Theft.` },
    });

    // Resolved is final.
    const again = await resolve(t, holder, dispute.id, 'DisputeResponse::IdentityTheft');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [`Dispute #${dispute.id} is already resolved.`] });
  });

  it('flags no loan for other responses, and notes nothing without a customer', async () => {
    const dispute = await heldDispute({ firstName: 'Jane', lastName: 'Doe', type: 'Dispute::GoodwillRequest' });
    const before = await writeCounts();
    const response = await resolve(t, holder, dispute.id, 'DisputeResponse::NoResponse');
    expect(response.statusCode).toBe(200);
    expect(await writeCounts()).toEqual({ ...before, audit: before.audit + 1 });
  });

  it('refuses anyone but the holder and writes nothing', async () => {
    const dispute = await heldDispute();
    const free = await insertDispute(t.database.db);
    const before = await writeCounts();
    const byOther = await resolve(t, other, dispute.id, 'DisputeResponse::NoResponse');
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ errors: [DISPUTE_MESSAGES.heldByOther] });
    const unheld = await resolve(t, holder, free.id, 'DisputeResponse::NoResponse');
    expect(unheld.statusCode).toBe(409);
    expect(await writeCounts()).toEqual(before);
  });
});
