import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { acdvRequests, bankruptcyNotices, bounces, customerBankruptcies, loanComments, messages } from '@portal/db';
import { createLoan, createTicket } from '@portal/db/testing';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { insertDispute } from '../../testing/dispute-test-helpers.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { csvLines, customerWithSealedSsn, packText } from '../../testing/evidence-pack-files.ts';
import { useDirectoryStorage, useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { readPdfText } from '../../platform/pdf-text.ts';

// GET users/evidence_pack through the app: the ZIP opened here, every section in it, the SSN in no
// file whole, the letter's PDF byte for byte as stored, the refusals, and the audit event.

const t = useTestApp({ storage: useDirectoryStorage('evidence-pack') });
const compliance = useStaffSession(t, ['compliance']);
const agent = useStaffSession(t, ['agent']);

const SSN = '123456789';
// The layouts issue 39 found whole in messages.csv (each masked in ssn-redaction.test.ts too).
const SSN_LAYOUTS = [
  'en dash 123\u201345\u20136789',
  'non-breaking hyphen 123\u201145\u20116789',
  'slashes 123/45/6789',
  'full-width \uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19',
  'spaced 1 2 3 4 5 6 7 8 9',
  'two lines 123-45-\n6789',
  `base64 ${Buffer.from('123-45-6789').toString('base64')}`,
];
// The digits of a text once full-width digits are folded, everything else dropped, and any base64
// token decoded: where a whole SSN in any of those layouts is still readable.
const readableDigits = (content: string) =>
  [
    content,
    ...[...content.matchAll(/[A-Za-z0-9+/]{12,}={0,2}/g)].map(([token]) =>
      Buffer.from(token, 'base64').toString('latin1'),
    ),
  ]
    .map((value) => value.normalize('NFKC').replace(/[^\d]+/g, (gap) => (gap.length > 3 ? ' ' : '')))
    .join(' ');
// The project's NACHA reference data, as the loans module reads it.
const returnCodes = JSON.parse(readFileSync(new URL('../loans/ach-return-codes.json', import.meta.url), 'utf8')) as {
  codes: Array<{ code: string; title: string }>;
};

let customerId: number;
let loanId: number;
let paidOffLoanId: number;
let letterDocumentId: number;

const packOf = (id: number | string, headers = compliance.headers) =>
  t.app.inject({ method: 'GET', url: `/internal/api/users/evidence_pack?user_id=${id}`, headers });
const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const text = packText;
const csvRows = csvLines;

beforeAll(async () => {
  const db = t.database.db;
  customerId = (await customerWithSealedSsn(db, { firstName: 'Eva', lastName: 'Evidence' }, SSN)).id;
  const { loan, payments } = await createLoan(db, { customerId, fundedOn: '2026-06-01', paidInstallments: 3 });
  loanId = loan.id;
  paidOffLoanId = (await createLoan(db, { customerId, state: 'paid_off', fundedOn: '2025-01-01' })).loan.id;
  await db.insert(bounces).values({
    paymentId: payments[3]!.id,
    loanId,
    returnCode: 'R01',
    bouncedOn: '2026-10-03',
    amountCents: payments[3]!.expectedAmountCents,
  });
  await db.insert(loanComments).values({ loanId, employeeId: agent.employeeId, body: 'Called about the return.' });
  // An audited change of the loan, made as the loan card makes it.
  const toggled = await t.app.inject({
    method: 'PATCH',
    url: '/internal/api/toggle_ach',
    headers: agent.headers,
    payload: { loan_id: loanId },
  });
  expect(toggled.statusCode).toBe(200);
  // The customer wrote their SSN twice, in two layouts; an agent answered.
  const ticket = await createTicket(db, {
    customerId,
    thread: [`My SSN is ${SSN}, please check`, 'Or as the form wants it: 123-45-6789', ...SSN_LAYOUTS],
  });
  await db.insert(messages).values({
    ticketId: ticket.id,
    customerId,
    type: 'text',
    inbound: false,
    body: 'Thanks, we are looking into it.',
    toAddress: ticket.contact,
    status: 'sent',
    employeeId: agent.employeeId,
    // After the thread (its messages are a second apart from the ticket's creation).
    createdAt: new Date(ticket.createdAt.getTime() + 60_000),
  });
  const letter = await t.app.inject({
    method: 'POST',
    url: '/internal/api/users/send_account_status',
    headers: agent.headers,
    payload: { loan_id: loanId, send_email: false },
  });
  expect(letter.statusCode).toBe(200);
  letterDocumentId = Number(letter.json<{ document: { id: string } }>().document.id);
  await insertDispute(db, {
    customerId,
    loanId,
    type: 'Dispute::DebtValidation',
    ssnLast4: '6789',
    responseType: 'validated',
    resolvedAt: new Date('2026-11-02T18:00:00Z'),
    resolvedBy: agent.employeeId,
  });
  await db.insert(acdvRequests).values({
    controlNumber: 'EVIDENCE-ACDV-1',
    disputeCode: '001',
    receivedOn: '2026-10-20',
    responseDueOn: '2026-11-19',
    consumer: { firstName: 'EVA', lastName: 'EVIDENCE' },
    account: { accountNumber: String(loanId) },
    ssnLast4: '6789',
    loanId,
    customerId,
    responseCode: '01',
    respondedAt: new Date('2026-11-05T18:00:00Z'),
    respondedBy: agent.employeeId,
  });
  await db.insert(customerBankruptcies).values({
    customerId,
    caseNumber: '26-10001',
    chapter: 7,
    filedOn: '2026-11-10',
    consumerInformationIndicator: 'A',
  });
  await db.insert(bankruptcyNotices).values({
    fileName: 'notice.pdf',
    storageKey: 'notices/evidence.pdf',
    type: 'BankruptcyNotice::InitialFiling',
    parsedData: { case_number: '26-10001', debtor_name: 'Eva Evidence', debtor_ssn: '123-45-6789' },
    hasText: true,
    customerId,
    dueOn: '2026-11-24',
  });
});

describe('GET users/evidence_pack', () => {
  it('answers a ZIP with every section, the index and the manifest', async () => {
    const response = await packOf(customerId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="evidence-pack-customer-${customerId}-2026-11-21.zip"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const files = unzip(response.rawPayload);
    const letterPath = Object.keys(files).find((path) => path.startsWith(`letters/${letterDocumentId}-`));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'manifest.json',
        'profile/customer.json',
        'profile/comments.csv',
        'profile/documents-held.csv',
        'loans/loans.csv',
        `loans/loan-${loanId}.json`,
        `loans/loan-${paidOffLoanId}.json`,
        'loans/payments.csv',
        'loans/returns.csv',
        'loans/comments.csv',
        'loans/changes.csv',
        'loans/debit-stops.csv',
        'loans/debit-authorizations.csv',
        'underwriting/identity-reviews.csv',
        'underwriting/income-reviews.csv',
        'messages/messages.csv',
        'messages/unlinked-messages.csv',
        letterPath,
        'letters/letters.csv',
        'disputes/disputes.csv',
        'disputes/acdv-requests.csv',
        'bankruptcy/cases.csv',
        'bankruptcy/notices.csv',
        'credit-reporting/metro2-history.csv',
        'credit-reporting/adjustments.csv',
        'staff/internal-notes.csv',
        'audit/audit-trail.csv',
      ].sort(),
    );

    // The index names the customer, who built it and when, and every file.
    const readme = text(files, 'README.txt');
    expect(readme).toContain(`customer ${customerId}, Eva Evidence`);
    expect(readme).toContain('Built:    2026-11-21T17:00:00.000Z');
    expect(readme).toMatch(new RegExp(`Built by: .+ \\(employee #${compliance.employeeId}\\)`));
    for (const path of Object.keys(files)) expect(readme).toContain(path);

    // The manifest: every other file with its size and SHA-256.
    const manifest = JSON.parse(text(files, 'manifest.json')) as {
      customer_id: number;
      built_by: { employee_id: number };
      files: Array<{ path: string; bytes: number; sha256: string }>;
    };
    expect(manifest.customer_id).toBe(customerId);
    expect(manifest.built_by.employee_id).toBe(compliance.employeeId);
    expect(manifest.files.map((file) => file.path).sort()).toEqual(
      Object.keys(files)
        .filter((path) => path !== 'manifest.json')
        .sort(),
    );
    for (const file of manifest.files) {
      expect(file.bytes).toBe(files[file.path]!.byteLength);
      expect(file.sha256).toBe(createHash('sha256').update(files[file.path]!).digest('hex'));
    }
  });

  it('holds the loans with payments, returns (with their NACHA titles) and changes, messages, letters, cases and Metro 2 months', async () => {
    const files = unzip((await packOf(customerId)).rawPayload);
    expect(csvRows(text(files, 'loans/loans.csv'))).toHaveLength(3);
    expect(csvRows(text(files, 'loans/payments.csv'))).toHaveLength(1 + 6 + 6);
    const r01 = returnCodes.codes.find((entry) => entry.code === 'R01')!.title;
    expect(csvRows(text(files, 'loans/returns.csv'))[1]).toContain(`R01,${r01.includes(',') ? `"${r01}"` : r01}`);
    expect(text(files, 'loans/comments.csv')).toContain('Called about the return.');
    const changes = csvRows(text(files, 'loans/changes.csv'));
    expect(changes).toHaveLength(2);
    expect(changes[1]).toContain(`,loan,${loanId},`);
    const trail = text(files, 'audit/audit-trail.csv');
    expect(trail).toContain('customer.account_status_letter_generated');
    expect(trail).toContain(changes[1]);

    const messageRows = csvRows(text(files, 'messages/messages.csv'));
    expect(messageRows).toHaveLength(4 + SSN_LAYOUTS.length);
    expect(messageRows.at(-1)).toContain(',out,text,sent,');
    expect(messageRows[1]).toContain(',in,text,received,customer,');

    // The letter's PDF, byte for byte what the documents call serves.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/internal/api/documents/${letterDocumentId}`,
      headers: agent.headers,
    });
    const letterPath = Object.keys(files).find((path) => path.startsWith(`letters/${letterDocumentId}-`))!;
    expect(Buffer.from(files[letterPath]!).equals(stored.rawPayload)).toBe(true);
    expect(text(files, 'letters/letters.csv')).toContain(letterPath);

    expect(text(files, 'disputes/disputes.csv')).toContain('validated');
    expect(text(files, 'disputes/acdv-requests.csv')).toContain('EVIDENCE-ACDV-1');
    expect(text(files, 'bankruptcy/cases.csv')).toContain('26-10001');
    expect(text(files, 'bankruptcy/notices.csv')).toContain('Eva Evidence');
    // Funded in June: June to November, each month as reported at its end (today for November).
    const metro2 = csvRows(text(files, 'credit-reporting/metro2-history.csv')).filter((row) =>
      row.startsWith(`${loanId},`),
    );
    expect(metro2.map((row) => row.split(',')[1])).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
  });

  it('puts the whole SSN in no file: the profile and what the customer wrote show its last four digits', async () => {
    const files = unzip((await packOf(customerId)).rawPayload);
    const profile = JSON.parse(text(files, 'profile/customer.json')) as { ssn: string };
    expect(profile.ssn).toBe('***-**-6789');
    expect(text(files, 'messages/messages.csv')).toContain('My SSN is ***-**-6789, please check');
    for (const [path, content] of Object.entries(files)) {
      const readable = path.endsWith('.pdf') ? await readPdfText(content) : strFromU8(content);
      for (const layout of [SSN, '123-45-6789', '123 45 6789']) expect(readable, path).not.toContain(layout);
      expect(readableDigits(readable), path).not.toContain(SSN);
    }
  });

  it("records who built which customer's pack, with its file count", async () => {
    const before = await auditEventsOf(t.database.db, 'customer.evidence_pack_built', customerId);
    const response = await packOf(customerId);
    const after = await auditEventsOf(t.database.db, 'customer.evidence_pack_built', customerId);
    expect(after).toHaveLength(before.length + 1);
    const event = after.at(-1)!;
    expect(event.employeeId).toBe(compliance.employeeId);
    expect(event.entityType).toBe('customer');
    expect(event.after).toMatchObject({
      files: Object.keys(unzip(response.rawPayload)).length,
      sha256: createHash('sha256').update(response.rawPayload).digest('hex'),
    });
  });

  it('refuses without the permission (403), an unknown customer (404) and a bad id (400), writing nothing', async () => {
    const before = await countWrites(t.database.db);
    const refused = await packOf(customerId, agent.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errors: string[] }>().errors[0]).toMatch(/compliance/);
    const unknown = await packOf(customerId + 100_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [`Customer ${customerId + 100_000} was not found.`] });
    for (const bad of ['abc', '0', '-1', '1.5', '']) {
      const response = await packOf(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ errors: string[] }>().errors.length, bad).toBeGreaterThan(0);
    }
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});
