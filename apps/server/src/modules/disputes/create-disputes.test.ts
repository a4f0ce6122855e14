import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { UPLOAD_MAX_FILES } from '@portal/contracts';
import { auditEvents, disputes } from '@portal/db';
import { createDirectoryStorage } from '../../platform/storage.ts';
import { countRows } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { auditOf, DISPUTES_PATH, uploadDisputes } from '../../testing/dispute-test-helpers.ts';
import { JANE_DOE } from '../../testing/sample-dispute-sender.ts';
import { drawDisputeLetter } from '@portal/demo-data/samples';

// POST disputes_dashboard/create_disputes: real PDFs drawn with pdf-lib, sent as multipart bodies.

const storage = createDirectoryStorage(mkdtempSync(join(tmpdir(), 'portal-disputes-')));
const t = useTestApp({ storage });
const agent = useStaffSession(t);

const identityTheft = () => drawDisputeLetter({ kind: 'identity_theft' });
const goodwill = () =>
  drawDisputeLetter({
    kind: 'goodwill',
    pages: 2,
    addressAt: 'signature',
    sender: { name: 'Rosa Diaz', street: '9 Elm Rd', city: 'Tacoma', state: 'WA', zip: '98402' },
  });
// The PDF header on a body pdf.js cannot open.
const DAMAGED = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nthis is not a PDF body at all\n';

const createdRows = (ids: number[]) =>
  t.database.db.select().from(disputes).where(inArray(disputes.id, ids)).orderBy(disputes.id);

async function writeCounts() {
  return { disputes: await countRows(t.database.db, disputes), audit: await countRows(t.database.db, auditEvents) };
}

beforeEach(() => {
  t.clock.set(new Date('2026-11-21T17:00:00Z'));
});

describe('POST disputes_dashboard/create_disputes', () => {
  it('runs the 30 days from the day the letter was received, which staff may give (12 CFR 1022.43(e)(3))', async () => {
    // Received Monday 11-09, uploaded Saturday 11-21: due 12-09, not 12-21.
    const response = await uploadDisputes(t, agent, [{ fileName: 'late.pdf', content: await identityTheft() }], {
      received_on: '2026-11-09',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await createdRows([response.json().created_disputes[0].id]);
    expect(row).toMatchObject({ letterReceivedOn: '2026-11-09', dueDate: '2026-12-09' });
    const [audit] = await auditOf(t.database.db, row!.id);
    expect(audit).toMatchObject({ action: 'dispute.created' });
    expect(audit!.after).toMatchObject({ letterReceivedOn: '2026-11-09', dueDate: '2026-12-09' });
  });

  it.each([
    ['2026-11-22', 'The date the letters were received cannot be in the future.'],
    ['2025-11-20', 'The date the letters were received cannot be more than a year ago. Check the year.'],
    ['2026-02-30', 'The date the letters were received must be a real date (YYYY-MM-DD).'],
    ['11/09/2026', 'The date the letters were received must be a real date (YYYY-MM-DD).'],
  ])('refuses a received date of %s with a sentence, and writes nothing', async (receivedOn, message) => {
    const before = await writeCounts();
    const response = await uploadDisputes(t, agent, [{ fileName: 'bad-date.pdf', content: await identityTheft() }], {
      received_on: receivedOn,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await writeCounts()).toEqual(before);
  });

  it('makes one unresolved dispute per letter, filled from its text, due 30 business-calendar days out', async () => {
    const [first, second] = [await identityTheft(), await goodwill()];
    const response = await uploadDisputes(t, agent, [
      { fileName: 'jane.pdf', content: first },
      { fileName: 'rosa.pdf', content: second, field: 'files' },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('2 dispute(s) created successfully.');
    expect(body.failed_files).toEqual([]);
    expect(body.created_disputes.map((created: { file_name: string }) => created.file_name)).toEqual([
      'jane.pdf',
      'rosa.pdf',
    ]);

    const rows = await createdRows(body.created_disputes.map((created: { id: number }) => created.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      fileName: 'jane.pdf',
      receivedAt: new Date('2026-11-21T17:00:00Z'),
      // Received the day it was uploaded, as staff gave no other day.
      letterReceivedOn: '2026-11-21',
      dueDate: '2026-12-21',
      type: 'Dispute::IdentityTheft',
      ...JANE_DOE,
      phoneNumber: '2175550143',
      // Never matched silently: staff apply a customer.
      customerId: null,
      loanId: null,
      assignedTo: null,
      resolvedAt: null,
      createdBy: agent.employeeId,
    });
    expect(rows[1]).toMatchObject({
      type: 'Dispute::GoodwillRequest',
      firstName: 'Rosa',
      lastName: 'Diaz',
      city: 'Tacoma',
      state: 'WA',
      customerId: null,
    });
    // The stored file is the upload, under disputes/<uuid>.pdf, and the document call answers it.
    expect(rows[0]!.storageKey).toMatch(/^disputes\/[0-9a-f-]{36}\.pdf$/);
    expect(Buffer.compare((await storage.read(rows[0]!.storageKey))!, Buffer.from(first))).toBe(0);
    const document = await t.app.inject({
      method: 'GET',
      url: `${DISPUTES_PATH}/${rows[1]!.id}/document`,
      headers: agent.headers,
    });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['cache-control']).toBe('private, no-store');
    expect(document.headers['content-disposition']).toBe('inline; filename="rosa.pdf"');
    expect(Buffer.compare(document.rawPayload, Buffer.from(second))).toBe(0);

    for (const row of rows) {
      const events = await auditOf(t.database.db, row.id);
      expect(events.map((event) => event.action)).toEqual(['dispute.created']);
      expect(events[0]).toMatchObject({ employeeId: agent.employeeId, after: { fileName: row.fileName } });
    }
  });

  it('dates the due date by the business day of receipt, not the UTC one', async () => {
    // 21:00 on Nov 21 in Los Angeles is already Nov 22 in UTC.
    t.clock.set(new Date('2026-11-22T05:00:00Z'));
    const response = await uploadDisputes(t, agent, [{ fileName: 'late.pdf', content: await identityTheft() }]);
    const [row] = await createdRows([response.json().created_disputes[0].id]);
    expect(row!.dueDate).toBe('2026-12-21');
  });

  it('keeps the good files of a mixed upload and names each bad one', async () => {
    const response = await uploadDisputes(t, agent, [
      { fileName: 'good.pdf', content: await identityTheft() },
      { fileName: 'notes.pdf', content: 'just some text, not a PDF' },
      { fileName: 'empty.pdf', content: '' },
      { fileName: 'damaged.pdf', content: DAMAGED },
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('1 dispute(s) created successfully. 3 file(s) failed to process and remain in the list.');
    expect(body.created_disputes).toEqual([{ id: expect.any(Number), file_name: 'good.pdf' }]);
    expect(body.failed_files).toEqual([
      { file_name: 'notes.pdf', error: 'notes.pdf is not a PDF.' },
      { file_name: 'empty.pdf', error: 'empty.pdf is empty.' },
      {
        file_name: 'damaged.pdf',
        error: 'damaged.pdf could not be opened as a PDF (it may be damaged or password-protected).',
      },
    ]);
    expect(await createdRows([body.created_disputes[0].id])).toHaveLength(1);
  });

  it('refuses an upload whose every file is bad (422, each named) and creates nothing', async () => {
    const before = await writeCounts();
    const response = await uploadDisputes(t, agent, [
      { fileName: 'notes.pdf', content: 'hello' },
      { fileName: 'damaged.pdf', content: DAMAGED },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: [
        'notes.pdf is not a PDF.',
        'damaged.pdf could not be opened as a PDF (it may be damaged or password-protected).',
      ],
      failed_files: [
        { file_name: 'notes.pdf', error: 'notes.pdf is not a PDF.' },
        {
          file_name: 'damaged.pdf',
          error: 'damaged.pdf could not be opened as a PDF (it may be damaged or password-protected).',
        },
      ],
    });
    expect(await writeCounts()).toEqual(before);
  });

  it(`refuses more than ${UPLOAD_MAX_FILES} files with 413 and creates nothing`, async () => {
    const before = await writeCounts();
    const letter = await identityTheft();
    const parts = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, index) => ({
      fileName: `letter-${index}.pdf`,
      content: letter,
    }));
    const response = await uploadDisputes(t, agent, parts);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      errors: [`At most ${UPLOAD_MAX_FILES} files can be uploaded at once; nothing was uploaded.`],
    });
    expect(await writeCounts()).toEqual(before);
  });

  it('refuses a body that is not multipart, an upload without files, and a caller who is not signed in', async () => {
    const before = await writeCounts();
    const json = await t.app.inject({
      method: 'POST',
      url: `${DISPUTES_PATH}/create_disputes`,
      headers: agent.headers,
      payload: { files: ['letter.pdf'] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ errors: ['Send the files as multipart/form-data, each in files[].'] });
    const none = await uploadDisputes(t, agent, []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ errors: ['Please select at least one file to upload.'] });
    const anonymous = await uploadDisputes(t, { headers: { authorization: 'Bearer nope' } }, [
      { fileName: 'a.pdf', content: await identityTheft() },
    ]);
    expect(anonymous.statusCode).toBe(401);
    expect(await writeCounts()).toEqual(before);
  });

  it('answers 404 for the document of a dispute that does not exist', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${DISPUTES_PATH}/999999/document`,
      headers: agent.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Dispute #999999 was not found.'] });
  });
});
