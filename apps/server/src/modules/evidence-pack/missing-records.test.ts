import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { debitAuthorizations, debitStops, identityReviews, incomeReviews } from '@portal/db';
import { createLoan, createTicket } from '@portal/db/testing';
import { recordAuditEvent } from '../../platform/audit.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { csvLines, customerWithSealedSsn, packText } from '../../testing/evidence-pack-files.ts';
import { useDirectoryStorage, useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// What an examiner asks for first (issue 39, section 5): the failed-debit stops and the customer's
// new authorizations, the underwriting reviews (identity, income), the Metro 2 records as they were
// furnished (not recomputed), and the messages of conversations not yet linked to the customer, each
// with its audit events.

const t = useTestApp({ storage: useDirectoryStorage('evidence-pack-records') });
const compliance = useStaffSession(t, ['compliance']);
const desk = useStaffSession(t, ['agent', 'credit_reporting']);

const SSN = '987654321';
let customerId: number;
let loanId: number;
let stopId: number;
let authorizationId: number;
let identityReviewId: number;
let incomeReviewId: number;
let correctionFileName: string;
let correctionFileId: number;

const packFiles = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/internal/api/users/evidence_pack?user_id=${customerId}`,
    headers: compliance.headers,
  });
  expect(response.statusCode).toBe(200);
  return unzipSync(new Uint8Array(response.rawPayload));
};
const text = packText;
const rows = csvLines;

beforeAll(async () => {
  const db = t.database.db;
  const customer = await customerWithSealedSsn(db, { firstName: 'Rita', lastName: 'Records' }, SSN);
  customerId = customer.id;
  ({
    loan: { id: loanId },
  } = await createLoan(db, { customerId, fundedOn: '2026-06-01', paidInstallments: 3 }));

  // A failed-debit stop, lifted by a new authorization, each audited as the loans module audits them.
  const [authorization] = await db
    .insert(debitAuthorizations)
    .values({
      customerId,
      method: 'recorded_call',
      givenAt: new Date('2026-10-12T16:00:00Z'),
      note: 'Authorized again on a recorded call.',
      recordedBy: compliance.employeeId,
    })
    .returning();
  authorizationId = authorization!.id;
  const [stop] = await db
    .insert(debitStops)
    .values({
      customerId,
      stoppedAt: new Date('2026-10-05T16:00:00Z'),
      bounceIds: [],
      reason: 'two_consecutive_failed_debits',
      liftedAt: new Date('2026-10-12T16:05:00Z'),
      liftedByAuthorizationId: authorizationId,
    })
    .returning();
  stopId = stop!.id;
  await recordAuditEvent(db, {
    employeeId: null,
    action: 'customer.debit_stopped',
    entityType: 'debit_stop',
    entityId: stopId,
    after: { customer_id: customerId },
  });
  await recordAuditEvent(db, {
    employeeId: compliance.employeeId,
    action: 'customer.debit_authorization_recorded',
    entityType: 'debit_authorization',
    entityId: authorizationId,
    after: { customer_id: customerId, method: 'recorded_call' },
  });

  // The underwriting reviews of the customer, decided and audited.
  const [identity] = await db
    .insert(identityReviews)
    .values({
      customerId,
      loanId,
      analytics: { aggregate_check: { pass: true, reason: 'all checks passed' }, checks: [] },
      openedAt: new Date('2026-05-28T16:00:00Z'),
      decision: 'approve',
      decisionReason: 'Documents match the application.',
      decidedAt: new Date('2026-05-29T16:00:00Z'),
      decidedBy: desk.employeeId,
    })
    .returning();
  identityReviewId = identity!.id;
  await recordAuditEvent(db, {
    employeeId: desk.employeeId,
    action: 'identification.approve',
    entityType: 'identity_review',
    entityId: identityReviewId,
    after: { user_id: customerId, decision: 'approve' },
  });
  const [income] = await db
    .insert(incomeReviews)
    .values({
      loanId,
      customerId,
      status: 'verified',
      grossCents: 412_345,
      netCents: 351_000,
      frequency: 'biweekly',
      verifiedAt: new Date('2026-05-30T16:00:00Z'),
      verifiedBy: desk.employeeId,
    })
    .returning();
  incomeReviewId = income!.id;
  await recordAuditEvent(db, {
    employeeId: desk.employeeId,
    action: 'income_review.assigned',
    entityType: 'income_review',
    entityId: incomeReviewId,
  });

  // November's record furnished to the bureaus in a correction file (it carries the whole SSN).
  const adjusted = await callAsStaff(t.app, desk, 'PUT', 'cr_adj/create_and_notify', {
    user_id: customerId,
    loan_id: loanId,
    adj_type: 'resend',
    gen_adj_file: true,
  });
  expect(adjusted.statusCode).toBe(201);
  const corrected = await callAsStaff(t.app, desk, 'POST', 'cr_adj/correction_file');
  expect(corrected.statusCode).toBe(200);
  ({ file_name: correctionFileName, id: correctionFileId } = corrected.json<{
    file: { file_name: string; id: number };
  }>().file);

  // Conversations nobody linked to the customer yet: from their phone and their email; and one from
  // a stranger's number, which is not theirs to see.
  await createTicket(db, { contact: customer.phoneNumber!, thread: ['Texting from my phone before linking'] });
  await createTicket(db, {
    channel: 'email',
    contact: customer.email,
    subject: 'Before linking',
    thread: ['Emailing before anyone linked me'],
  });
  await createTicket(db, { contact: '5559990000', thread: ['A stranger writes'] });
});

describe('the evidence pack holds what an examiner asks for first', () => {
  it('the failed-debit stops and authorizations, with their audit events', async () => {
    const files = await packFiles();
    const stops = rows(text(files, 'loans/debit-stops.csv'));
    expect(stops).toHaveLength(2);
    expect(stops[1]).toContain(`${stopId},2026-10-05T16:00:00.000Z,two_consecutive_failed_debits`);
    expect(stops[1]).toContain(`2026-10-12T16:05:00.000Z,${authorizationId}`);
    const authorizations = rows(text(files, 'loans/debit-authorizations.csv'));
    expect(authorizations).toHaveLength(2);
    expect(authorizations[1]).toContain(`${authorizationId},2026-10-12T16:00:00.000Z,recorded_call`);
    expect(authorizations[1]).toContain('Authorized again on a recorded call.');
    const trail = text(files, 'audit/audit-trail.csv');
    expect(trail).toContain(`customer.debit_stopped,debit_stop,${stopId},`);
    expect(trail).toContain(`customer.debit_authorization_recorded,debit_authorization,${authorizationId},`);
  });

  it('the identity and income reviews of the customer, with their audit events', async () => {
    const files = await packFiles();
    const identity = rows(text(files, 'underwriting/identity-reviews.csv'));
    expect(identity).toHaveLength(2);
    expect(identity[1]).toContain(`${identityReviewId},${loanId},`);
    expect(identity[1]).toContain('approve,Documents match the application.');
    const income = rows(text(files, 'underwriting/income-reviews.csv'));
    expect(income).toHaveLength(2);
    expect(income[1]).toContain(`${incomeReviewId},${loanId},verified,`);
    expect(income[1]).toContain('4123.45,3510');
    const trail = text(files, 'audit/audit-trail.csv');
    expect(trail).toContain(`identification.approve,identity_review,${identityReviewId},`);
    expect(trail).toContain(`income_review.assigned,income_review,${incomeReviewId},`);
  });

  it('each Metro 2 month as furnished in a stored file, the others marked recomputed, and no SSN', async () => {
    const files = await packFiles();
    const history = rows(text(files, 'credit-reporting/metro2-history.csv'));
    const header = history[0]!.split(',');
    const months = history.slice(1).map((row) => row.split(','));
    const column = (name: string) => header.indexOf(name);
    expect(column('source')).toBeGreaterThan(-1);
    const november = months.find((row) => row[column('month')] === '2026-11')!;
    expect(november[column('source')]).toBe('furnished');
    expect(november[column('furnished_in')]).toBe(correctionFileName);
    // As the stored file says it, whole dollars and all.
    const stored = await callAsStaff(t.app, desk, 'GET', `fcra/reporting_files/${correctionFileId}`);
    expect(stored.body).toContain(SSN);
    // The loan's base segment, read at the Metro 2 layout's positions (1-based start, length).
    const sent = stored.body.split('\n').find((line) => line.slice(42, 72).trim() === String(loanId))!;
    const field = (start: number, length: number) => sent.slice(start - 1, start - 1 + length);
    expect(november[column('account_status')]).toBe(field(124, 2));
    expect(november[column('payment_history_profile')]).toBe(field(127, 24).trim());
    expect(november[column('current_balance')]).toBe(String(Number(field(155, 9))));
    const october = months.find((row) => row[column('month')] === '2026-10')!;
    expect(october[column('source')]).toBe('recomputed');
    expect(october[column('furnished_in')]).toBe('');
    expect(months.map((row) => row[column('month')])).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    for (const [path, content] of Object.entries(files)) expect(strFromU8(content), path).not.toContain(SSN);
  });

  it("the messages of conversations not yet linked that came from the customer's phone or email", async () => {
    const files = await packFiles();
    const unlinked = text(files, 'messages/unlinked-messages.csv');
    expect(rows(unlinked)).toHaveLength(3);
    expect(unlinked).toContain('Texting from my phone before linking');
    expect(unlinked).toContain('Emailing before anyone linked me');
    expect(unlinked).not.toContain('A stranger writes');
    expect(text(files, 'messages/messages.csv')).not.toContain('before linking');
  });
});
