import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FetchIdentificationsResponse, IdentificationCard } from '@portal/contracts';
import {
  auditEvents,
  customers,
  documents,
  identityReviews,
  loans,
  messages,
  type IdentityAnalytics,
} from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { makeJpeg, makePdf, openUploadLink, postCustomerUpload } from '../../testing/customer-documents.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Identification review (spec 001 sections 2-5, 7): documents arrive through the customer side's
// upload (content-checked, EXIF read from the file), the cards in their two groups with the Ekata
// band, flagged routing numbers and analytics, and the five decisions, one winner when two
// reviewers decide a card at once. The test clock stands at 2026-11-21.

// The factory's customers bank with routing number 121000358: flagged here.
const t = useTestApp({ flaggedRoutingNumbers: ['121000358', '123456780'] });
const reviewer = useStaffSession(t, ['agent', 'underwriting']);
const colleague = useStaffSession(t, ['agent', 'underwriting']);
const agent = useStaffSession(t, ['agent']);

const API = '/internal/api/users';
const PASSING: IdentityAnalytics = {
  aggregate_check: { pass: true, reason: 'All checks passed' },
  checks: [
    { name: 'ssn_match', pass: true, reason: 'SSN matches the name and birthday' },
    { name: 'address_match', pass: false, reason: 'Address not found at the bureau' },
  ],
};

const fetchCards = (staff: StaffSession) =>
  t.app.inject({ method: 'GET', url: `${API}/fetch_identifications`, headers: staff.headers });
const decide = (staff: StaffSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${API}/complete_identification`, headers: staff.headers, payload });

async function cards(): Promise<FetchIdentificationsResponse> {
  const response = await fetchCards(reviewer);
  expect(response.statusCode).toBe(200);
  return response.json<FetchIdentificationsResponse>();
}

const cardOf = (groups: FetchIdentificationsResponse, userId: number): IdentificationCard | undefined =>
  [...groups.regular.cards, ...groups.manual_hold.cards].find((card) => card.user_id === userId);

// An applicant with a pending loan and an open review with the given score and checks.
async function applicant(score: number | null = 120, analytics: IdentityAnalytics = PASSING) {
  const customer = await createCustomer(t.database.db, { verified: -5 });
  const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
  await t.database.db.insert(identityReviews).values({
    customerId: customer.id,
    loanId: loan.id,
    driversLicense: 'OR 1234567',
    ekataFraudScore: score,
    analytics,
    openedAt: t.clock.now(),
  });
  return { customer, loan };
}

const openReviewOf = async (customerId: number) =>
  (
    await t.database.db
      .select()
      .from(identityReviews)
      .where(and(eq(identityReviews.customerId, customerId), isNull(identityReviews.decidedAt)))
  )[0];
const verifiedOf = async (customerId: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]?.verified;

describe('customer uploads of identity documents', () => {
  it('keeps real images with the EXIF date_time read from the file, and opens a review', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const token = await openUploadLink(t.database.db, t.clock, loan, ['identification', 'selfie']);
    const withExif = makeJpeg({ dateTime: '2019-03-02 10:11:12' });
    const response = await postCustomerUpload(t.app, 'identification', token, [
      { name: 'front.jpg', content: withExif, type: 'image/jpeg' },
      { name: 'back.jpg', content: makeJpeg(), type: 'image/jpeg' },
      { name: 'notes.txt', content: Buffer.from('just text'), type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ documents: { name: string; date_time: string | null }[]; failed_files: unknown[] }>();
    expect(body.documents.map((document) => [document.name, document.date_time])).toEqual([
      ['front.jpg', '2019-03-02 10:11:12'],
      ['back.jpg', null],
    ]);
    expect(body.failed_files).toEqual([
      { file_name: 'notes.txt', error: 'notes.txt is not a JPEG, PNG or HEIC photo.' },
    ]);
    expect(await verifiedOf(customer.id)).toBe(-5);

    const card = cardOf(await cards(), customer.id);
    expect(card).toMatchObject({
      user_id: customer.id,
      loan_id: loan.id,
      has_images_with_exif: true,
      exif_date_time: '2019-03-02 10:11:12',
      routing: '121000358',
      routing_flagged: true,
      ekata_fraud_score: null,
      ekata_band: 'none',
      verified: -5,
    });
    expect(card?.images.map((image) => image.date_time).sort()).toEqual(['2019-03-02 10:11:12', null]);
    // The image itself is served to staff as it was sent.
    const image = await t.app.inject({
      method: 'GET',
      url: card!.images[0]!.ident_image_url,
      headers: reviewer.headers,
    });
    expect(image.headers['content-type']).toBe('image/jpeg');

    // A selfie joins the same open review.
    const selfie = await postCustomerUpload(t.app, 'selfie', token, [
      { name: 'me.jpg', content: makeJpeg(), type: 'image/jpeg' },
    ]);
    expect(selfie.statusCode).toBe(200);
    const reviews = await t.database.db
      .select()
      .from(identityReviews)
      .where(eq(identityReviews.customerId, customer.id));
    expect(reviews).toHaveLength(1);
    expect(cardOf(await cards(), customer.id)?.images).toHaveLength(3);
  });

  it('refuses without a valid token, for another kind, a PDF as an ID, and a closed link, keeping nothing', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const token = await openUploadLink(t.database.db, t.clock, loan, ['identification']);
    const photo = [{ name: 'id.jpg', content: makeJpeg(), type: 'image/jpeg' }];
    const before = await t.database.db.select().from(documents).where(eq(documents.customerId, customer.id));

    expect((await postCustomerUpload(t.app, 'identification', null, photo)).statusCode).toBe(401);
    const forged = await postCustomerUpload(t.app, 'identification', `${token}x`, photo);
    expectErrors(forged, 401, ['This upload link is not valid or has run out. Please ask us for a new one.']);
    expect((await postCustomerUpload(t.app, 'paystub', token, photo)).statusCode).toBe(403);
    expect((await postCustomerUpload(t.app, 'passport', token, photo)).statusCode).toBe(400);
    const pdf = await postCustomerUpload(t.app, 'identification', token, [
      { name: 'id.pdf', content: await makePdf(), type: 'application/pdf' },
    ]);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toEqual(['id.pdf is not a JPEG, PNG or HEIC photo.']);

    await t.database.db.update(loans).set({ uploadOpen: false }).where(eq(loans.id, loan.id));
    const closed = await postCustomerUpload(t.app, 'identification', token, photo);
    expect(closed.statusCode).toBe(409);

    t.clock.advance(15 * 86_400_000);
    await t.database.db.update(loans).set({ uploadOpen: true }).where(eq(loans.id, loan.id));
    expect((await postCustomerUpload(t.app, 'identification', token, photo)).statusCode).toBe(401);
    t.clock.advance(-15 * 86_400_000);

    expect(await t.database.db.select().from(documents).where(eq(documents.customerId, customer.id))).toEqual(before);
    expect(await openReviewOf(customer.id)).toBeUndefined();
  });
});

describe('the upload link staff open on the loan card', () => {
  it('gives the customer a link whose token uploads documents for that loan', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const opened = await callAsStaff(t.app, reviewer, 'PATCH', 'loans/open_link', { loan: loan.id });
    expect(opened.statusCode).toBe(200);
    const message: string = opened.json().message;
    expect(message).toContain(`https://app.portal.example/loans/${loan.id}/upload#`);
    const token = message.split('#')[1]!;
    const upload = await postCustomerUpload(t.app, 'paystub', token, [
      { name: 'stub.pdf', content: await makePdf(), type: 'application/pdf' },
    ]);
    expect(upload.statusCode).toBe(200);
    expect(upload.json().message).toBe('1 paystub file received. Thank you!');
  });
});

describe('GET users/fetch_identifications', () => {
  it('bands the Ekata score: low up to 256, moderate 257-440, high above 440, none without one', async () => {
    const scored = await Promise.all(
      [0, 256, 257, 440, 441, 999].map(async (score) => [score, await applicant(score)] as const),
    );
    const groups = await cards();
    const bands = scored.map(([score, { customer }]) => [score, cardOf(groups, customer.id)?.ekata_band]);
    expect(bands).toEqual([
      [0, 'low'],
      [256, 'low'],
      [257, 'moderate'],
      [440, 'moderate'],
      [441, 'high'],
      [999, 'high'],
    ]);
    const card = cardOf(groups, scored[0]![1].customer.id);
    expect(card?.analytics).toEqual({
      aggregate_check: { name: 'aggregate_check', pass: true, reason: 'All checks passed' },
      checks: PASSING.checks,
    });
    expect(card?.has_images_with_exif).toBe(false);
    expect(card?.drivers_license).toBe('OR 1234567');
  });

  it('is for underwriting only', async () => {
    const response = await fetchCards(agent);
    expectErrors(response, 403, ['Only underwriting (the underwriting role) can review identifications.']);
  });
});

describe('PATCH users/complete_identification', () => {
  it('approve sets DL-SSN verified when the SSN check passed (else DL verified) and the card leaves', async () => {
    const { customer, loan } = await applicant();
    const response = await decide(reviewer, { id: customer.id, decision: 'approve' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: customer.id, decision: 'approve', verified: 2 });
    expect(response.json().message).toContain(`Loan ${loan.id} goes on.`);
    expect(await verifiedOf(customer.id)).toBe(2);
    expect(cardOf(await cards(), customer.id)).toBeUndefined();
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'identification.approve'));
    expect(audit.some((event) => (event.after as { user_id: number }).user_id === customer.id)).toBe(true);

    const noSsn = await applicant(100, {
      aggregate_check: { pass: true, reason: 'ok' },
      checks: [{ name: 'ssn_match', pass: false, reason: 'SSN issued to someone else' }],
    });
    expect((await decide(reviewer, { id: noSsn.customer.id, decision: 'approve' })).json().verified).toBe(1);
  });

  it('two reviewers deciding one card at once: one wins, the other gets 409 and writes nothing', async () => {
    const { customer } = await applicant();
    const [first, second] = await Promise.all([
      decide(reviewer, { id: customer.id, decision: 'approve' }),
      decide(colleague, { id: customer.id, decision: 'cancel' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().errors[0]).toMatch(/was already decided/);
    const decided = await t.database.db
      .select()
      .from(identityReviews)
      .where(eq(identityReviews.customerId, customer.id));
    expect(decided).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(decided[0]!.id)));
    expect(events.filter((event) => event.action.startsWith('identification.'))).toHaveLength(1);
  });

  it('manual_fraud_hold sets -7 and moves the card to the manual group; a second hold is 409', async () => {
    const { customer } = await applicant();
    const held = await decide(reviewer, { id: customer.id, decision: 'manual_fraud_hold' });
    expect(held.statusCode).toBe(200);
    expect(held.json().verified).toBe(-7);
    const groups = await cards();
    expect(groups.manual_hold.cards.map((card) => card.user_id)).toContain(customer.id);
    expect(groups.regular.cards.map((card) => card.user_id)).not.toContain(customer.id);
    expect(groups.manual_hold.total).toBe(groups.manual_hold.cards.length);
    const again = await decide(colleague, { id: customer.id, decision: 'manual_fraud_hold' });
    expect(again.statusCode).toBe(409);
    // Cancelling from the hold keeps the fraud code.
    expect((await decide(reviewer, { id: customer.id, decision: 'cancel' })).json().verified).toBe(-7);
  });

  it('request asks the customer for new documents through the outbox, with the reason and an upload link', async () => {
    const { customer, loan } = await applicant();
    const response = await decide(reviewer, { id: customer.id, decision: 'request', reason: 'the licence is expired' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: expect.stringMatching(/New documents requested from .* by text\./),
      verified: -1,
    });
    const [sent] = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(sent).toMatchObject({ type: 'text', inbound: false, toAddress: customer.phoneNumber });
    expect(sent?.body).toContain('the licence is expired');
    expect(sent?.body).toContain(`https://app.portal.example/loans/${loan.id}/upload#`);
    const [row] = await t.database.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(row?.uploadOpen).toBe(true);
    expect(row?.closedAt).toBeNull();
    // The link in the message lets the customer send new photos, which open a new card.
    const token = sent!.body.split('#')[1]!;
    const upload = await postCustomerUpload(t.app, 'identification', token, [
      { name: 'new.jpg', content: makeJpeg(), type: 'image/jpeg' },
    ]);
    expect(upload.statusCode).toBe(200);
    expect(cardOf(await cards(), customer.id)?.verified).toBe(-5);
  });

  it('cancel and selfie cancel the pending loan and tell the customer', async () => {
    for (const decision of ['cancel', 'selfie'] as const) {
      const { customer, loan } = await applicant();
      const response = await decide(reviewer, { id: customer.id, decision });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        `Loan ${loan.id} is cancelled${decision === 'selfie' ? ' (selfie did not match)' : ''}.`,
      );
      const [row] = await t.database.db.select().from(loans).where(eq(loans.id, loan.id));
      expect(row?.closedAt).not.toBeNull();
      const sent = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
      expect(sent.map((message) => message.body).join()).toContain('has been cancelled');
      expect(await verifiedOf(customer.id)).toBe(-1);
    }
  });

  it('refuses to cancel a funded loan, changing nothing', async () => {
    const { customer, loan } = await applicant();
    await t.database.db.update(loans).set({ fundedAt: t.clock.now() }).where(eq(loans.id, loan.id));
    const response = await decide(reviewer, { id: customer.id, decision: 'cancel' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([
      `Loan ${loan.id} is funded, so it cannot be cancelled; it can be paid off or settled.`,
    ]);
    expect(await openReviewOf(customer.id)).toBeDefined();
    expect(await verifiedOf(customer.id)).toBe(-5);
  });

  it('answers bad input with a 400, an unknown user with 404, and staff outside underwriting with 403', async () => {
    const { customer } = await applicant();
    expect((await decide(reviewer, { id: customer.id, decision: 'maybe' })).statusCode).toBe(400);
    expect((await decide(reviewer, { id: 'abc', decision: 'approve' })).statusCode).toBe(400);
    expect((await decide(reviewer, { decision: 'approve' })).statusCode).toBe(400);
    expect((await decide(reviewer, { id: customer.id, decision: 'request', reason: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    expect((await decide(reviewer, { id: 999_999_999, decision: 'approve' })).statusCode).toBe(404);
    expect((await decide(agent, { id: customer.id, decision: 'approve' })).statusCode).toBe(403);
    expect(await openReviewOf(customer.id)).toBeDefined();
  });
});
