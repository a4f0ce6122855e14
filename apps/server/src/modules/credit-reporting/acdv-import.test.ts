import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { acdvRequests, auditEvents } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { captureLog } from '../../testing/captured-log.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { ACDV_FILE_MAX_RECORDS } from './acdv-file-record.ts';

// Issue 27 section 6: a file of the documented maximum (10,000 records, docs/acdv-import.md) is
// saved in batches, all in one transaction; a failure in any batch writes nothing, and is a 500
// (a query error), never a 503 (the database cannot be reached).

const log = captureLog();
const t = useTestApp({ logLevel: 'info', logStream: log });
const desk = useStaffSession(t, ['agent', 'credit_reporting']);

const record = (index: number, accountNumber: string) => ({
  control_number: `CN-BULK-${index}`,
  dispute_code: '001',
  received_on: '2026-11-15',
  first_name: 'Ana',
  last_name: `Rivera-${index}`,
  account_number: accountNumber,
  ssn: String(100_000_000 + index),
  current_balance: index % 1000,
});

async function upload(name: string, records: unknown[]) {
  const { contentType, payload } = await multipartBody([
    { name, content: Buffer.from(JSON.stringify(records)), type: 'application/json' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/internal/api/fcra/import_acdvs',
    headers: { ...desk.headers, 'content-type': contentType },
    payload,
  });
}

const countOf = async (prefix: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(acdvRequests)
    .where(sql`${acdvRequests.controlNumber} like ${`${prefix}%`}`);
  return row!.n;
};

describe('importing a large ACDV file', () => {
  it(`imports ${ACDV_FILE_MAX_RECORDS.toLocaleString('en-US')} records, the documented maximum, all linked as they should be`, async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-06-01' });
    // Every tenth record names the loan; the others name accounts that are not ours.
    const records = Array.from({ length: ACDV_FILE_MAX_RECORDS }, (_, index) =>
      record(index, index % 10 === 0 ? String(loan.id) : String(900_000_000 + index)),
    );
    const response = await upload('many.json', records);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: ACDV_FILE_MAX_RECORDS, duplicates: [], skipped: [] });
    expect(await countOf('CN-BULK-')).toBe(ACDV_FILE_MAX_RECORDS);

    const linked = await t.database.db
      .select({ n: count() })
      .from(acdvRequests)
      .where(eq(acdvRequests.customerId, customer.id));
    expect(linked[0]!.n).toBe(ACDV_FILE_MAX_RECORDS / 10);
    const [last] = await t.database.db
      .select()
      .from(acdvRequests)
      .where(eq(acdvRequests.controlNumber, `CN-BULK-${ACDV_FILE_MAX_RECORDS - 1}`));
    expect(last).toMatchObject({
      disputeCode: '001',
      responseDueOn: '2026-12-15',
      ssnLast4: String(100_000_000 + ACDV_FILE_MAX_RECORDS - 1).slice(-4),
      loanId: null,
      sourceFile: 'many.json',
      importedBy: desk.employeeId,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'acdv_request.imported'))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect((audit!.after as { imported: string[] }).imported).toHaveLength(ACDV_FILE_MAX_RECORDS);

    // The same file again: every record is a duplicate, none is written twice.
    const again = await upload('many.json', records);
    expect(again.statusCode).toBe(200);
    expect(again.json().imported).toBe(0);
    expect(again.json().duplicates).toHaveLength(ACDV_FILE_MAX_RECORDS);
    expect(await countOf('CN-BULK-')).toBe(ACDV_FILE_MAX_RECORDS);
  }, 300_000);

  it(`refuses ${(ACDV_FILE_MAX_RECORDS + 1).toLocaleString('en-US')} records with the documented sentence`, async () => {
    const records = Array.from({ length: ACDV_FILE_MAX_RECORDS + 1 }, (_, index) => record(index, '1'));
    const response = await upload('too-many.json', records);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      'too-many.json: The file holds 10,001 requests; at most 10,000 are read at once. Split it into smaller files.',
    ]);
  }, 240_000);

  it('writes nothing of the file when a later batch fails, and answers 500, not 503', async () => {
    // A trigger fails the insert of the very last record, in the last batch.
    await t.database.db.execute(
      sql.raw(`create function acdv_refuse_last() returns trigger language plpgsql as $$
        begin
          if new.control_number = 'CN-FAIL-9999' then raise exception 'refused by the test' using errcode = 'P0001'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger acdv_refuse_last before insert on acdv_requests for each row execute function acdv_refuse_last()',
      ),
    );
    try {
      const records = Array.from({ length: 10_000 }, (_, index) => ({
        ...record(index, String(900_000_000 + index)),
        control_number: `CN-FAIL-${index}`,
      }));
      const response = await upload('fails.json', records);
      expect(response.statusCode).toBe(500);
      expect(response.json().errors[0]).toMatch(/^Something went wrong on the server/);
      expect(await countOf('CN-FAIL-')).toBe(0);
      const entry = log.entries().find((line) => line.msg === 'query failed');
      expect(entry).toBeDefined();
      expect(JSON.stringify(entry)).not.toContain('cannot be reached');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger acdv_refuse_last on acdv_requests'));
      await t.database.db.execute(sql.raw('drop function acdv_refuse_last()'));
    }
  }, 300_000);
});
