import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql/index.js';
import { createCustomer, createLoan } from '@portal/db/testing';
import { captureLog } from '../../testing/captured-log.ts';
import { createSignedInStaff } from '../../testing/staff-helpers.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { MAX_INTROSPECTION_DEPTH, MAX_QUERY_COST, MAX_QUERY_FIELDS } from './limits.ts';

// Issue 27 section 6: what a query may ask, whatever its shape (fragments spread many times,
// aliases, introspection), is refused with 400 and a sentence, never a 500; and a failure while
// answering is logged with its message and stack.

const log = captureLog();
const t = useTestApp({ logLevel: 'info', logStream: log });
const URL = '/internal/api/graphql';

type GraphqlError = { message: string; path?: (string | number)[]; extensions?: { code?: string } };

async function graphql(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const agent = await createSignedInStaff(t.app, t.database.db);
  const response = await t.app.inject({
    method: 'POST',
    url: URL,
    headers: agent.headers,
    payload: { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}

const messagesOf = (body: { errors?: GraphqlError[] }) => (body.errors ?? []).map((error) => error.message);

// F0 spreads F1 twice, F1 spreads F2 twice, ... to F18: 2^18 copies of F18's fields once expanded.
function fragmentChain(last: string): string {
  const fragments = Array.from(
    { length: 18 },
    (_, index) => `fragment F${index} on Query { ...F${index + 1} ...F${index + 1} }`,
  );
  return ['{ ...F0 }', ...fragments, `fragment F18 on Query ${last}`].join(' ');
}

describe('GraphQL limits', () => {
  it('refuses the 737-character chain of fragments each spread twice with 400 and sentences, not 500', async () => {
    const query = fragmentChain('{ me { id } }');
    expect(query).toHaveLength(737);
    const { status, body } = await graphql(query);
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(messagesOf(body)).toEqual([
      `The query asks for 524288 fields, counting a fragment each time it is spread; at most ${MAX_QUERY_FIELDS} are allowed. Ask for fewer fields, aliases or fragment spreads.`,
      `The query would cost about 262144 points; at most ${MAX_QUERY_COST} are allowed. Ask for fewer items (a smaller limit), fewer nested lists or less introspection.`,
    ]);
    // The same chain over a field that costs nothing is still refused: by the fields it expands to.
    const free = await graphql(fragmentChain('{ __typename }'));
    expect(free.status).toBe(400);
    expect(free.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_TOO_LARGE' }) }),
    ]);
  });

  it('refuses a chain of 400 fragments, and a fragment cycle, in words', async () => {
    const chain = Array.from(
      { length: 400 },
      (_, index) => `fragment F${index} on Query { ...F${index + 1} ...F${index + 1} }`,
    );
    const long = await graphql(['{ ...F0 }', ...chain, 'fragment F400 on Query { me { id } }'].join(' '));
    expect(long.status, JSON.stringify(long.body)).toBe(400);
    expect(messagesOf(long.body)[0]).toMatch(/^The query asks for over a billion fields/);
    expect(messagesOf(long.body)[1]).toMatch(/^The query would cost more than a billion points/);
    const cycle = await graphql('{ ...A } fragment A on Query { me { id } ...B } fragment B on Query { ...A }');
    expect(cycle.status).toBe(400);
    expect(messagesOf(cycle.body)).toEqual(['Cannot spread fragment "A" within itself via "B".']);
  });

  it('refuses a flood of aliases before graphql compares them all', async () => {
    // 600 times the same field: graphql's overlapping-fields rule would compare 180,000 pairs.
    const same = await graphql(`{ ${'me { id } '.repeat(600)}}`);
    expect(same.status).toBe(400);
    expect(messagesOf(same.body)).toEqual([expect.stringMatching(/^The query asks for 1200 fields/)]);
    const aliased = await graphql(`{ ${Array.from({ length: 600 }, (_, index) => `a${index}: me { id }`).join(' ')} }`);
    expect(aliased.status).toBe(400);
  });

  it('refuses a query nested deeper than the parser can follow with 400 and a sentence', async () => {
    // 6,600 levels in under 20,000 characters: graphql's parser recurses past the stack.
    const query = `{${'a{'.repeat(6600)}b${'}'.repeat(6601)}`;
    expect(query.length).toBeLessThanOrEqual(20_000);
    const { status, body } = await graphql(query);
    expect(status).toBe(400);
    expect(messagesOf(body)).toEqual(['The query is nested too deeply to read; at most 8 levels are allowed.']);
  });

  it("answers GraphiQL's own introspection query, which counts toward cost and depth", async () => {
    for (const query of [
      getIntrospectionQuery(),
      getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true }),
    ]) {
      const { status, body } = await graphql(query, undefined, 'IntrospectionQuery');
      expect(status, JSON.stringify(body.errors)).toBe(200);
      expect(body.data.__schema.types.map((type: { name: string }) => type.name)).toContain('Customer');
    }
  });

  it('refuses twenty aliased introspection queries by their cost', async () => {
    const body = getIntrospectionQuery()
      .replace(/^\s*query IntrospectionQuery \{\s*__schema/, '')
      .split(/\n\s*fragment /)[0]!
      .replace(/\}\s*$/, '');
    const fragments = getIntrospectionQuery().slice(getIntrospectionQuery().indexOf('fragment '));
    const query = `{ ${Array.from({ length: 20 }, (_, index) => `s${index}: __schema ${body}`).join(' ')} } ${fragments}`;
    const { status, body: answer } = await graphql(query);
    expect(status).toBe(400);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toContainEqual(
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_TOO_COSTLY' }) }),
    );
    // Even the list of types and their fields, alone, is charged: twenty of them and more.
    const cheap = await graphql(
      `{ ${Array.from({ length: 60 }, (_, index) => `s${index}: __schema { types { fields { type { fields { name } } } } }`).join(' ')} }`,
    );
    expect(cheap.status).toBe(400);
    expect(messagesOf(cheap.body)).toContainEqual(expect.stringMatching(/^The query would cost about \d+ points/));
  });

  it(`refuses introspection nested deeper than ${MAX_INTROSPECTION_DEPTH} levels`, async () => {
    const ofTypes = (levels: number) => `${'ofType { '.repeat(levels)}name${' }'.repeat(levels)}`;
    const deep = await graphql(
      `{ __type(name: "Customer") { fields { type { ${ofTypes(MAX_INTROSPECTION_DEPTH)} } } } }`,
    );
    expect(deep.status).toBe(400);
    expect(messagesOf(deep.body)).toEqual([
      `The introspection query is ${MAX_INTROSPECTION_DEPTH + 4} levels deep; at most ${MAX_INTROSPECTION_DEPTH} are allowed. Ask for fewer nested fields.`,
    ]);
    const fits = await graphql(
      `{ __type(name: "Customer") { fields { type { ${ofTypes(MAX_INTROSPECTION_DEPTH - 4)} } } } }`,
    );
    expect(fits.status).toBe(200);
  });
});

describe('GraphQL errors in the log', () => {
  type Client = { query: (...args: unknown[]) => Promise<unknown> };
  const clientOf = () => (t.database.db as unknown as { $client: Client }).$client;

  // While run runs, the loans read answers `answer` instead of asking the database.
  async function withLoansRead<T>(answer: () => Promise<unknown>, run: () => Promise<T>): Promise<T> {
    const client = clientOf();
    const original = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
      if (/from "loans"/.test(text)) return answer();
      return original.apply(this, args);
    };
    try {
      return await run();
    } finally {
      client.query = original;
    }
  }

  it('logs an unexpected failure of a field with its message, stack and path, not as {"0":{}}', async () => {
    const customer = await createCustomer(t.database.db);
    await createLoan(t.database.db, { customerId: customer.id });
    const before = log.lines.length;
    // A driver answer without rows: the loader fails with a TypeError of its own.
    const { status, body } = await withLoansRead(
      async () => ({ rows: 5 }),
      () => graphql('query ($id: Int!) { customer(id: $id) { id loans { id } } }', { id: customer.id }),
    );
    expect(status).toBe(200);
    expect(messagesOf(body)).toEqual([
      'Something went wrong on the server while answering this field. Please try again.',
    ]);
    const entries = log.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((entry) => entry.level === 50);
    expect(failure, JSON.stringify(entries)).toBeDefined();
    expect(JSON.stringify(failure)).not.toContain('{"0":{}}');
    const err = failure!.err as { message: string; stack: string; type: string };
    expect(err.message).toMatch(/iterable|not a function|Cannot read/);
    expect(err.stack).toMatch(/\n\s+at /);
    expect(failure!.path).toEqual(['customer', 'loans']);
  });

  it('logs a failed read by its query, code and stack, never the values it carried', async () => {
    const customer = await createCustomer(t.database.db);
    await createLoan(t.database.db, { customerId: customer.id });
    const before = log.lines.length;
    const { status } = await withLoansRead(
      async () => {
        throw Object.assign(new Error('value "very.private.person@example.com" is wrong'), {
          code: '22P02',
          severity: 'ERROR',
        });
      },
      () => graphql('query ($id: Int!) { customer(id: $id) { id loans { id } } }', { id: customer.id }),
    );
    expect(status).toBe(200);
    const entries = log.lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = entries.find((entry) => entry.level === 50);
    expect(failure, JSON.stringify(entries)).toMatchObject({
      database: { code: '22P02', query: expect.stringMatching(/from "loans"/), stack: expect.stringMatching(/at /) },
      path: ['customer', 'loans'],
    });
    expect(log.lines.slice(before).join('')).not.toContain('very.private.person');
  });
});
