import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { bulkInsert, resetIdentitySequences } from './bulk-insert.ts';
import { customers, roles } from './schema/index.ts';

describe('bulkInsert', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase();
  });
  afterAll(() => test.close());

  it('inserts many rows with nulls, dates, arrays and explicit ids, and moves the sequence on', async () => {
    const rows = Array.from({ length: 12_001 }, (_, index) => ({
      id: index + 1,
      firstName: `First${index}`,
      lastName: "O'Brien",
      email: `c${index}@example.com`,
      birthday: index % 2 ? '1990-02-03' : null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 60)),
    }));
    await bulkInsert(test.db, customers, rows);
    // Above the ids of the roles the migrations make.
    await bulkInsert(test.db, roles, [{ id: 101, name: 'r', permissions: ['a', 'b,c'] }]);
    await resetIdentitySequences(test.db, [customers, roles]);

    const stored = await test.db.select().from(customers).orderBy(asc(customers.id));
    expect(stored).toHaveLength(12_001);
    expect(stored[1]).toMatchObject({ id: 2, firstName: 'First1', lastName: "O'Brien", birthday: '1990-02-03' });
    expect(stored[0]?.birthday).toBeNull();
    expect((await test.db.select().from(roles).where(eq(roles.id, 101)))[0]?.permissions).toEqual(['a', 'b,c']);

    const [next] = await test.db
      .insert(customers)
      .values({ firstName: 'N', lastName: 'N', email: 'n@example.com' })
      .returning();
    expect(next?.id).toBe(12_002);
  });
});
