import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { documents, statements } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { readPdfText } from '../../platform/pdf-text.ts';
import { useDirectoryStorage, useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

const storage = useDirectoryStorage('documents-test');
const t = useTestApp({ storage });
const staff = useStaffSession(t);

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: staff.headers });

// A customer with an active loan (two installments paid), an uploaded file and two statements.
async function customerWithDocuments() {
  const customer = await createCustomer(t.database.db, {
    firstName: 'Rosalind',
    lastName: 'Franklin',
    street: '12 Helix Way',
    city: 'Portland',
    state: 'OR',
    zip: '97205',
  });
  const { loan, payments: schedule } = await createLoan(t.database.db, {
    customerId: customer.id,
    state: 'active',
    paidInstallments: 2,
  });
  const key = `uploads/${customer.id}/paystub.pdf`;
  await storage.write(key, Buffer.from('%PDF-1.4 uploaded paystub'));
  const [upload] = await t.database.db
    .insert(documents)
    .values({
      customerId: customer.id,
      loanId: loan.id,
      name: 'Paystub.pdf',
      kind: 'income',
      storageKey: key,
      createdAt: new Date('2026-10-20T18:00:00Z'),
    })
    .returning();
  const [october, november] = await t.database.db
    .insert(statements)
    .values([
      { loanId: loan.id, storageKey: `statements/${loan.id}/2026-10-15.pdf`, statementDate: '2026-10-15' },
      { loanId: loan.id, storageKey: `statements/${loan.id}/2026-11-15.pdf`, statementDate: '2026-11-15' },
    ])
    .returning();
  return { customer, loan, schedule, upload: upload!, october: october!, november: november! };
}

describe('GET users/fetch_documents', () => {
  it("lists the customer's files and one entry per statement, newest first, each with its download URL", async () => {
    const { customer, loan, upload, october, november } = await customerWithDocuments();
    const other = await createLoan(t.database.db, {
      customerId: customer.id,
      state: 'paid_off',
      fundedOn: '2025-01-02',
    });
    const [old] = await t.database.db
      .insert(statements)
      .values({ loanId: other.loan.id, storageKey: 'statements/old.pdf', statementDate: '2025-03-15' })
      .returning();
    const response = await get(`/internal/api/users/fetch_documents?user_id=${customer.id}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().documents).toEqual([
      {
        id: `statement-${november.id}`,
        name: 'Statement 2026-11-15',
        kind: 'statement',
        loan_id: loan.id,
        date: '2026-11-15',
        url: `/internal/api/documents/statement-${november.id}`,
      },
      {
        id: String(upload.id),
        name: 'Paystub.pdf',
        kind: 'income',
        loan_id: loan.id,
        date: '2026-10-20',
        url: `/internal/api/documents/${upload.id}`,
      },
      {
        id: `statement-${october.id}`,
        name: 'Statement 2026-10-15',
        kind: 'statement',
        loan_id: loan.id,
        date: '2026-10-15',
        url: `/internal/api/documents/statement-${october.id}`,
      },
      {
        id: `statement-${old!.id}`,
        name: 'Statement 2025-03-15',
        kind: 'statement',
        loan_id: other.loan.id,
        date: '2025-03-15',
        url: `/internal/api/documents/statement-${old!.id}`,
      },
    ]);
    const oneLoan = await get(`/internal/api/users/fetch_documents?user_id=${customer.id}&loan_id=${other.loan.id}`);
    expect(oneLoan.json().documents.map((item: { id: string }) => item.id)).toEqual([`statement-${old!.id}`]);
  });

  it("answers 404 for an unknown customer or another customer's loan, 400 for a bad id", async () => {
    const { loan } = await customerWithDocuments();
    const stranger = await createCustomer(t.database.db);
    expect((await get('/internal/api/users/fetch_documents?user_id=99999999')).json()).toEqual({
      errors: ['Customer 99999999 was not found.'],
    });
    expect(
      (await get(`/internal/api/users/fetch_documents?user_id=${stranger.id}&loan_id=${loan.id}`)).statusCode,
    ).toBe(404);
    expect((await get('/internal/api/users/fetch_documents?user_id=x')).statusCode).toBe(400);
  });
});

describe('GET documents/:id', () => {
  it('streams a stored file with its content type', async () => {
    const { upload } = await customerWithDocuments();
    const response = await get(`/internal/api/documents/${upload.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="Paystub.pdf"');
    expect(response.body).toBe('%PDF-1.4 uploaded paystub');
  });

  it('serves a file that claims to be HTML as a download, never as a page', async () => {
    const customer = await createCustomer(t.database.db);
    await storage.write(`uploads/${customer.id}/page.html`, Buffer.from('<script>alert(1)</script>'));
    const [html] = await t.database.db
      .insert(documents)
      .values({
        customerId: customer.id,
        name: 'page.html',
        kind: 'upload',
        contentType: 'text/html',
        storageKey: `uploads/${customer.id}/page.html`,
      })
      .returning();
    expect((await get(`/internal/api/documents/${html!.id}`)).headers['content-type']).toBe('application/octet-stream');
  });

  it('draws a missing statement as a one-page PDF, stores it, and serves the stored copy afterwards', async () => {
    const { customer, loan, november } = await customerWithDocuments();
    const first = await get(`/internal/api/documents/statement-${november.id}`);

    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(first.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Portal Lending statement 2026-11-15, loan ${loan.id}`);
    const stored = await storage.read(november.storageKey);
    expect(stored?.equals(first.rawPayload)).toBe(true);
    const second = await get(`/internal/api/documents/statement-${november.id}`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const text = await readPdfText(first.rawPayload);
    expect(text).toContain('Portal Lending');
    expect(text).toContain(`${customer.firstName} ${customer.lastName}`);
    expect(text).toContain('12 Helix Way');
    expect(text).toContain(`Loan ID: ${loan.id}`);
    expect(text).toContain('Statement date: 2026-11-15');
    // Installments due 2026-10-01 and 2026-11-01 are on it (both paid by then); 2026-12-01 is not.
    expect(text).toMatch(/2026-10-01\s+Installment\s+ACH\s+\$[\d,]+\.\d\d\s+paid/);
    expect(text).toMatch(/2026-11-01\s+Installment\s+ACH\s+\$[\d,]+\.\d\d\s+paid/);
    expect(text).not.toMatch(/2026-12-01\s+Installment/);
    expect(text).toMatch(/Balance \(payoff amount\) on 2026-11-15: \$[\d,]+\.\d\d/);
  });

  it('answers 404 for unknown documents and statements, and for a file missing from storage', async () => {
    const customer = await createCustomer(t.database.db);
    const [lost] = await t.database.db
      .insert(documents)
      .values({ customerId: customer.id, name: 'lost.pdf', kind: 'upload', storageKey: 'nowhere/lost.pdf' })
      .returning();
    for (const id of ['99999999', 'statement-99999999', 'not-a-document', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await get(`/internal/api/documents/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
    expect((await get(`/internal/api/documents/${lost!.id}`)).json()).toEqual({
      errors: [`The file of document ${lost!.id} is missing from storage.`],
    });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/internal/api/documents/1' })).statusCode).toBe(401);
  });
});
