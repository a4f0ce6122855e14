import { beforeAll, describe, expect, it } from 'vitest';
import { count, sql, type SQL } from 'drizzle-orm';
import { customers } from '@portal/db';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callDisputes } from '../../testing/dispute-test-helpers.ts';
import { secondaryCriteria } from './user-search.ts';
import { customerPageQuery, secondaryConditions, whereAll } from './user-search-repository.ts';

// The user search at the size of a real book of customers: 100,000 of them. A name search must be
// answered from the name index (customers_name_lower_idx), never by reading the whole table.

const CUSTOMERS = 100_000;
const t = useTestApp();
const agent = useStaffSession(t);

beforeAll(async () => {
  await t.database.exec(`
    insert into customers (first_name, last_name, email, phone_number, birthday, street, city, state, zip)
    select
      (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth'])[1 + g % 10] || (g % 97),
      (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez'])[1 + (g / 10) % 10] || (g % 1009),
      'bulk' || g || '@example.com',
      (2000000000 + g)::text,
      date '1950-01-01' + (g % 18000),
      g || ' Main St',
      (array['Springfield','Portland','Austin','Denver','Boise'])[1 + g % 5],
      (array['IL','OR','TX','CO','ID'])[1 + g % 5],
      lpad((10000 + g % 89999)::text, 5, '0')
    from generate_series(1, ${CUSTOMERS}) g;
    analyze customers;
  `);
}, 180_000);

async function planOf(query: SQL): Promise<string> {
  const result = (await t.database.db.execute(sql`explain ${query}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

function plansOf(criteria: Record<string, string>) {
  const where = whereAll(secondaryConditions(secondaryCriteria(criteria)));
  return Promise.all([
    planOf(customerPageQuery(t.database.db, where, 10, 0).getSQL()),
    planOf(t.database.db.select({ total: count() }).from(customers).where(where).getSQL()),
  ]);
}

describe(`the user search on ${CUSTOMERS.toLocaleString('en-US')} customers`, () => {
  it.each([
    ['a last name', { last_name: 'Garcia5', state: 'IL' }],
    ['a last name prefix and a first name', { last_name: 'garc', first_name: 'jam' }],
    ['a full name', { last_name: 'Garcia500', first_name: 'Mary5' }],
  ])('reads %s from the name index, never the whole table', async (_, criteria) => {
    for (const plan of await plansOf(criteria)) {
      expect(plan).toContain('customers_name_lower_idx');
      expect(plan).not.toMatch(/Seq Scan on customers/);
    }
  });

  it('answers a name search with its page and count', async () => {
    const response = await callDisputes(t, agent, 'GET', 'search/user_search', {
      last_name: 'Garcia500',
      first_name: 'Mary',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta.total_count).toBeGreaterThan(0);
    for (const result of body.results) expect(result.last_name).toBe('Garcia500');
  });
});
