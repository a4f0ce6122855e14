import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { jsonObject, jsonObjectDecoder, jsonRowDecoder } from './json-object.ts';
import { loans, payments } from './schema/index.ts';
import { createCustomer, createLoan } from './testing/factories/customers.ts';

describe('jsonObject, jsonObjectDecoder and jsonRowDecoder', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(() => test.close());

  it('read rows back exactly as a plain select does: nulls, dates, timestamps, enums, numbers', async () => {
    const customer = await createCustomer(test.db);
    await createLoan(test.db, { customerId: customer.id, state: 'active', paidInstallments: 2 });
    await createLoan(test.db, { customerId: customer.id, state: 'denied' });
    // Microseconds and a session time zone far from UTC: the JSON text carries both.
    await test.db
      .update(loans)
      .set({ approvedAt: sql`'2026-03-04 05:06:07.123456+00'` })
      .where(isNotNull(loans.approvedAt));
    // In one transaction, so the session setting holds for every read on a pooled connection too.
    await test.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      for (const table of [loans, payments]) {
        const columns = getTableColumns(table);
        const decode = jsonObjectDecoder(columns);
        const viaJson = await tx
          .select({ value: sql<Record<string, unknown>>`${jsonObject(columns)}` })
          .from(table)
          .orderBy(asc(table.id));
        const plain = await tx.select().from(table).orderBy(asc(table.id));
        expect(plain.length).toBeGreaterThan(1);
        expect(viaJson.map((row) => decode(row.value))).toEqual(plain);
        const decodeRow = jsonRowDecoder(columns);
        const viaRow = await tx
          .select({ value: sql<Record<string, unknown>>`row_to_json(${table})` })
          .from(table)
          .orderBy(asc(table.id));
        expect(viaRow.map((row) => decodeRow(row.value))).toEqual(plain);
      }
    });
    const [approved] = await test.db.select().from(loans).where(isNotNull(loans.approvedAt));
    expect(approved?.approvedAt?.toISOString()).toBe('2026-03-04T05:06:07.123Z');
  });

  it('refuses more columns than json_build_object can take', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`c${index}`, loans.id]));
    expect(() => jsonObject(many)).toThrow(/at most 50/);
  });
});
