import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NAME_MATCH_MESSAGE, type IncomeReviewResponse } from '@portal/contracts';
import { auditEvents, documents, incomeReviews, loans, messages } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { makeJpeg, makePdf, openUploadLink, postCustomerUpload } from '../../testing/customer-documents.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// Income review (spec 001 sections 2-5, 7, 8): paystubs arrive through the customer side's upload,
// GET income/review leases one loan at a time, verify_income checks the form's rules on the server
// one by one, request_new_stub asks the customer through the outbox and puts the loan back to
// waiting. The test clock stands at 2026-11-21 (business day 2026-11-21 in Los Angeles).

const t = useTestApp();
const reviewer = useStaffSession(t, ['agent', 'underwriting']);
const colleague = useStaffSession(t, ['agent', 'underwriting']);
const agent = useStaffSession(t, ['agent']);

const API = '/internal/api/income';
const review = (staff: StaffSession) => t.app.inject({ method: 'GET', url: `${API}/review`, headers: staff.headers });
const verify = (staff: StaffSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${API}/verify_income`, headers: staff.headers, payload });
const rerequest = (staff: StaffSession, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `${API}/request_new_stub`, headers: staff.headers, payload });

// A loan applied for on 2026-11-18 with a paystub the customer sent through the upload link.
async function loanWithPaystub() {
  const customer = await createCustomer(t.database.db);
  const { loan } = await createLoan(t.database.db, {
    customerId: customer.id,
    state: 'applied',
    fundedOn: '2026-11-21',
  });
  const token = await openUploadLink(t.database.db, t.clock, loan, ['paystub']);
  const upload = await postCustomerUpload(t.app, 'paystub', token, [
    { name: 'stub.pdf', content: await makePdf(['ACME Corp', 'Net pay 1,234.56']), type: 'application/pdf' },
  ]);
  expect(upload.statusCode).toBe(200);
  return { customer, loan };
}

const valid = (loanId: number) => ({
  loan_id: loanId,
  name_match: true,
  paystub_date: '2026-11-14',
  gross_income: '2500.00',
  net_income: '1900.50',
  frequency: 'Bi-weekly',
  start_date: '',
  end_date: '',
});

async function drainQueue() {
  // Earlier tests' loans (some held by one of the two): verified, so the queue holds only this test's.
  for (const staff of [reviewer, colleague])
    for (;;) {
      const body = (await review(staff)).json<IncomeReviewResponse>();
      if (!body.review) break;
      expect((await verify(staff, valid(body.review.loan_id))).statusCode).toBe(200);
    }
}

describe('GET income/review', () => {
  it("says when nothing needs review, hands out a loan with the spec's fields, never the same loan to two reviewers", async () => {
    await drainQueue();
    expect((await review(reviewer)).json()).toEqual({ review: null, need_review_total: 0 });

    const { customer, loan } = await loanWithPaystub();
    const first = await review(reviewer);
    expect(first.statusCode).toBe(200);
    const body = first.json<IncomeReviewResponse>();
    expect(body.need_review_total).toBe(1);
    expect(body.review).toMatchObject({
      loan_id: loan.id,
      user_id: customer.id,
      user_name: `${customer.firstName} ${customer.lastName}`,
      stub_file_type: 'pdf',
      paystub_must_be_dated_on_or_after: '2026-10-04',
      paystub_must_be_dated_on_or_before: '2026-12-21',
      today: '2026-11-21',
      last_ticket_id: null,
    });
    expect(body.review?.paystubs).toHaveLength(1);
    expect(body.review?.paystubs[0]).toMatchObject({ name: 'stub.pdf', reviewed_at: null, stub_file_type: 'pdf' });
    const file = await t.app.inject({ method: 'GET', url: body.review!.url, headers: reviewer.headers });
    expect(file.headers['content-type']).toBe('application/pdf');

    // The colleague finds nothing free; the reviewer gets the same loan back.
    expect((await review(colleague)).json()).toEqual({ review: null, need_review_total: 1 });
    expect((await review(reviewer)).json<IncomeReviewResponse>().review?.loan_id).toBe(loan.id);
    // The colleague cannot decide it while the lease holds.
    const taken = await verify(colleague, valid(loan.id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatch(/These paystubs are being reviewed by/);
    // Leaving the screen lets it go (only the holder can); the colleague gets it at once.
    const release = (staff: StaffSession) =>
      t.app.inject({ method: 'PATCH', url: `${API}/release`, headers: staff.headers, payload: { loan_id: loan.id } });
    expect((await release(colleague)).json().message).toBe(
      `You do not hold loan ${loan.id}, so there was nothing to let go.`,
    );
    expect((await release(reviewer)).json()).toEqual({
      message: `Loan ${loan.id} is back in the queue.`,
      need_review_total: 1,
    });
    expect((await review(colleague)).json<IncomeReviewResponse>().review?.loan_id).toBe(loan.id);
  });

  it('is for underwriting only', async () => {
    expect((await review(agent)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/rerequest_reasons`, headers: agent.headers })).statusCode,
    ).toBe(403);
  });
});

describe('PATCH income/verify_income', () => {
  it('checks each rule of the form on the server, answering its sentence and writing nothing', async () => {
    const { loan } = await loanWithPaystub();
    const cases: [Record<string, unknown>, string][] = [
      [{ name_match: false }, NAME_MATCH_MESSAGE],
      [{ paystub_date: '' }, 'Paystub date is required.'],
      [{ paystub_date: '2026-02-30' }, 'Paystub date is not a valid date.'],
      [{ paystub_date: '2026-10-03' }, 'The paystub must be dated on or after 2026-10-04.'],
      [{ paystub_date: '2026-12-22' }, 'The paystub can be dated at most 30 days from today (2026-12-21).'],
      [{ gross_income: '' }, 'Gross income is required.'],
      [{ gross_income: 'lots' }, 'Gross income must be a number of dollars and cents, like 1250.50.'],
      [{ net_income: '' }, 'Net income is required.'],
      [{ net_income: '2500.01' }, 'Net income cannot be more than gross income.'],
      [{ net_income: '0' }, 'Net income must be more than $0.00.'],
      [{ frequency: 'Daily' }, 'Frequency must be one of Monthly, Semi-monthly, Bi-weekly, Weekly.'],
      [
        { frequency: '', start_date: '2026-11-01' },
        'Choose a pay frequency, or enter both the start and end dates of the pay period.',
      ],
      [
        { frequency: '', start_date: '2026-11-01', end_date: '2026-11-22' },
        'End date cannot be after today (2026-11-21).',
      ],
      [
        { frequency: '', start_date: '2026-11-15', end_date: '2026-11-01' },
        'End date cannot be before the start date.',
      ],
    ];
    for (const [change, sentence] of cases) {
      const response = await verify(reviewer, { ...valid(loan.id), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().errors).toEqual([sentence]);
    }
    const [row] = await t.database.db.select().from(incomeReviews).where(eq(incomeReviews.loanId, loan.id));
    expect(row).toMatchObject({ status: 'needs_review', verifiedAt: null, grossCents: null });
  });

  it('records the verified income on the loan, marks the paystubs read, and the loan leaves the queue', async () => {
    await drainQueue();
    const { loan } = await loanWithPaystub();
    expect((await review(reviewer)).json<IncomeReviewResponse>().review?.loan_id).toBe(loan.id);
    const response = await verify(reviewer, {
      ...valid(loan.id),
      frequency: null,
      start_date: '2026-11-01',
      end_date: '2026-11-14',
      gross_income: 2500,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `Income of loan ${loan.id} verified: $2,500.00 gross, $1,900.50 net for 2026-11-01 to 2026-11-14.`,
      need_review_total: 0,
    });
    const [row] = await t.database.db.select().from(incomeReviews).where(eq(incomeReviews.loanId, loan.id));
    expect(row).toMatchObject({
      status: 'verified',
      grossCents: 250_000,
      netCents: 190_050,
      frequency: null,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-14',
      paystubDate: '2026-11-14',
      verifiedBy: reviewer.employeeId,
      assignedTo: null,
    });
    const stubs = await t.database.db.select().from(documents).where(eq(documents.loanId, loan.id));
    expect(stubs.every((stub) => stub.reviewedAt !== null)).toBe(true);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'income.verified'));
    expect(audit.filter((event) => event.entityId === String(loan.id))).toHaveLength(1);
    expect((await review(reviewer)).json()).toEqual({ review: null, need_review_total: 0 });
    // Verified once: a second verify is refused.
    expect((await verify(reviewer, valid(loan.id))).statusCode).toBe(409);
  });

  it('answers bad input with 400 and an unknown loan with 404', async () => {
    expect((await verify(reviewer, { ...valid(1), loan_id: 'x' })).statusCode).toBe(400);
    expect((await verify(reviewer, { ...valid(1), name_match: 'yes' })).statusCode).toBe(400);
    expect((await verify(reviewer, { ...valid(1), gross_income: 'x'.repeat(41) })).statusCode).toBe(400);
    expect((await verify(reviewer, valid(999_999_999))).statusCode).toBe(404);
  });
});

describe('GET income/rerequest_reasons and PATCH income/request_new_stub', () => {
  it('sends the chosen reasons with an upload link and puts the loan back to waiting until a new stub arrives', async () => {
    await drainQueue();
    const reasons = await t.app.inject({ method: 'GET', url: `${API}/rerequest_reasons`, headers: reviewer.headers });
    expect(reasons.statusCode).toBe(200);
    expect(reasons.json().reasons.map((reason: { key: string }) => reason.key)).toContain('unreadable');

    const { customer, loan } = await loanWithPaystub();
    expect((await rerequest(reviewer, { loan_id: loan.id, reasons: [] })).json()).toEqual({
      errors: ['Choose at least one reason.'],
    });
    expect((await rerequest(reviewer, { loan_id: loan.id, reasons: ['bogus'] })).statusCode).toBe(400);

    const response = await rerequest(reviewer, {
      loan_id: loan.id,
      reasons: ['unreadable', 'too_old'],
      note: 'Your most recent stub please',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `A new paystub was requested for loan ${loan.id} by text.`,
      need_review_total: 0,
    });
    const [sent] = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(sent?.body).toContain(
      'the paystub was hard to read; please send a clear photo or the PDF; and the paystub is too old',
    );
    expect(sent?.body).toContain('Your most recent stub please.');
    const [row] = await t.database.db.select().from(incomeReviews).where(eq(incomeReviews.loanId, loan.id));
    expect(row).toMatchObject({ status: 'waiting', requestReasons: ['unreadable', 'too_old'] });
    expect((await t.database.db.select().from(loans).where(eq(loans.id, loan.id)))[0]?.uploadOpen).toBe(true);
    expect((await review(reviewer)).json()).toEqual({ review: null, need_review_total: 0 });
    expect((await verify(reviewer, valid(loan.id))).statusCode).toBe(409);

    // The new stub (a photo this time) puts the loan back in the queue.
    const token = sent!.body.split('#')[1]!;
    const upload = await postCustomerUpload(t.app, 'paystub', token, [
      { name: 'stub.jpg', content: makeJpeg(), type: 'image/jpeg' },
    ]);
    expect(upload.statusCode).toBe(200);
    const again = (await review(reviewer)).json<IncomeReviewResponse>();
    expect(again.review?.loan_id).toBe(loan.id);
    expect(again.review?.stub_file_type).toBe('image');
    expect(again.review?.paystubs.map((stub) => stub.reviewed_at === null)).toEqual([true, false]);
  });
});
