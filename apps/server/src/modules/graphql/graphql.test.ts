import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/seed';
import { createSignedInStaff } from '../../testing/staff-helpers.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { MAX_QUERY_COST, MAX_QUERY_DEPTH } from './limits.ts';

const t = useTestApp();
const URL = '/internal/api/graphql';

type GraphqlError = { message: string; path?: (string | number)[]; extensions?: { code?: string } };
type Staff = { headers: { authorization: string }; token: string; id: number };

async function graphql(staff: Staff | null, query: string, variables?: Record<string, unknown>, url = URL) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: staff ? staff.headers : {},
    payload: { query, ...(variables ? { variables } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}

// The statements sent to the database while `run` runs: the query method of the driver's client
// (PGlite or node-postgres' pool), which every Drizzle query goes through.
async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    return { result: await run(), statements };
  } finally {
    client.query = original;
  }
}

describe('POST graphql', () => {
  it('answers each type: customers with loans, payments, tickets, messages and bank accounts; employees', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db, { name: 'Grace Agent' });
    const customer = await createCustomer(t.database.db, { firstName: 'Ada', lastName: 'Lovelace', ssnLast4: '6789' });
    const { loan, payments } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
    const ticket = await createTicket(t.database.db, { customerId: customer.id, thread: ['First.', 'Second.'] });
    await t.database.db.update(tickets).set({ assignedTo: agent.id }).where(eq(tickets.id, ticket.id));
    await t.database.db.insert(messages).values({
      ticketId: ticket.id,
      customerId: customer.id,
      type: 'text',
      inbound: false,
      body: 'Reply.',
      status: 'sent',
      employeeId: agent.id,
      createdAt: new Date(Date.now() + 60_000),
    });

    const { status, body } = await graphql(
      agent,
      `
        query ($id: Int!, $loan: Int!, $payment: Int!, $ticket: Int!, $employee: Int!) {
          me {
            id
            name
          }
          customer(id: $id) {
            id
            first_name
            last_name
            ssn_last_four
            user_credit_cents
            created_at
            bank_accounts {
              account_last_four
              routing_number
            }
            loans {
              id
              status
              applied_amount_cents
              apr_basis_points
              payments {
                id
                state
                due
                expected_amount_cents
              }
            }
            tickets {
              id
              channel
              state
            }
          }
          loan(id: $loan) {
            id
            customer {
              first_name
            }
          }
          payment(id: $payment) {
            id
            state
            loan {
              id
            }
          }
          ticket(id: $ticket) {
            id
            customer {
              last_name
            }
            assigned_to {
              name
            }
            messages {
              body
              inbound
              employee {
                name
              }
            }
          }
          employee(id: $employee) {
            id
            name
            email
            online
            active
            clearance
            created_at
          }
          employees {
            id
          }
          missing: customer(id: 999999) {
            id
          }
        }
      `,
      { id: customer.id, loan: loan.id, payment: payments[0]!.id, ticket: ticket.id, employee: agent.id },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const { data } = body;
    expect(data.me).toEqual({ id: agent.id, name: 'Grace Agent' });
    expect(data.customer).toMatchObject({
      id: customer.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      ssn_last_four: '6789',
      user_credit_cents: 0,
      bank_accounts: [{ account_last_four: expect.stringMatching(/^\d{4}$/), routing_number: '121000358' }],
      tickets: [{ id: ticket.id, channel: 'text', state: 'open' }],
    });
    expect(data.customer.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(data.customer.loans).toEqual([
      {
        id: loan.id,
        status: 'ACTIVE',
        applied_amount_cents: 100_000,
        apr_basis_points: 3599,
        payments: payments.map((payment, index) => ({
          id: payment.id,
          state: index < 2 ? 'paid' : 'due',
          due: payment.due,
          expected_amount_cents: payment.expectedAmountCents,
        })),
      },
    ]);
    expect(data.loan).toEqual({ id: loan.id, customer: { first_name: 'Ada' } });
    expect(data.payment).toEqual({ id: payments[0]!.id, state: 'paid', loan: { id: loan.id } });
    expect(data.ticket).toEqual({
      id: ticket.id,
      customer: { last_name: 'Lovelace' },
      assigned_to: { name: 'Grace Agent' },
      messages: [
        { body: 'First.', inbound: true, employee: null },
        { body: 'Second.', inbound: true, employee: null },
        { body: 'Reply.', inbound: false, employee: { name: 'Grace Agent' } },
      ],
    });
    expect(data.employee).toMatchObject({ id: agent.id, name: 'Grace Agent', active: true });
    expect(data.employees.map((employee: { id: number }) => employee.id)).toContain(agent.id);
    expect(data.missing).toBeNull();
  });

  it('has no secret fields: no SSN beyond the last four, no password, token or MFA secret', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const { body } = await graphql(
      agent,
      `
        {
          customer: __type(name: "Customer") {
            fields {
              name
            }
          }
          employee: __type(name: "Employee") {
            fields {
              name
            }
          }
        }
      `,
    );
    const names = [...body.data.customer.fields, ...body.data.employee.fields].map(
      (field: { name: string }) => field.name,
    );
    expect(names).toContain('ssn_last_four');
    expect(names.filter((name: string) => /ssn_(sealed|hash)|^ssn$|password|token|mfa|secret/.test(name))).toEqual([]);
  });

  it('refuses a whole bank account number to an employee without customers.reveal_ssn, for that field only', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const revealer = await createSignedInStaff(t.app, t.database.db, { roles: ['agent', 'ssn_reveal'] });
    const customer = await createCustomer(t.database.db);
    const query = `query ($id: Int!) { customer(id: $id) { first_name bank_accounts { account_last_four account_number } } }`;

    const refused = await graphql(agent, query, { id: customer.id });
    expect(refused.status).toBe(200);
    expect(refused.body.data.customer.first_name).toBe('Test');
    expect(refused.body.data.customer.bank_accounts).toEqual([
      { account_last_four: expect.stringMatching(/^\d{4}$/), account_number: null },
    ]);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        message: 'You may not see whole bank account numbers: that needs the customers.reveal_ssn permission.',
        path: ['customer', 'bank_accounts', 0, 'account_number'],
        extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
      }),
    ]);

    const shown = await graphql(revealer, query, { id: customer.id });
    expect(shown.body.errors).toBeUndefined();
    const [account] = shown.body.data.customer.bank_accounts;
    expect(account.account_number).toMatch(/^00012345\d+$/);
    expect(account.account_number.endsWith(account.account_last_four)).toBe(true);
  });

  it(`refuses a query nested deeper than ${MAX_QUERY_DEPTH} levels`, async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const { status, body } = await graphql(
      agent,
      '{ customer(id: 1) { loans { customer { loans { customer { loans { customer { loans { id } } } } } } } } }',
    );
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors.map((error: GraphqlError) => error.message)).toContain(
      `The query is 9 levels deep; at most ${MAX_QUERY_DEPTH} are allowed. Ask for fewer nested fields.`,
    );
  });

  it(`refuses a query costing more than ${MAX_QUERY_COST} points`, async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const { status, body } = await graphql(
      agent,
      '{ customers(limit: 100) { tickets { messages(limit: 100) { employee { name } } } } }',
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          new RegExp(`^The query would cost about 100600 points; at most ${MAX_QUERY_COST} are allowed\\.`),
        ),
        extensions: expect.objectContaining({ code: 'QUERY_TOO_COSTLY' }),
      }),
    ]);
  });

  it('answers a limit out of range as an error of that field', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const { status, body } = await graphql(agent, '{ customers(limit: 500) { id } me { id } }');
    // 500 items would cost 500 points: within the cost limit, but past the page size.
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors[0].message).toBe('The limit must be between 1 and 100.');
  });

  it('answers 401 with an errors list when signed out, at both paths', async () => {
    for (const url of [URL, '/graphql']) {
      const { status, body } = await graphql(null, '{ me { id } }', undefined, url);
      expect(status).toBe(401);
      expect(body).toEqual({ errors: [expect.any(String)] });
    }
    const expired = await graphql({ headers: { authorization: 'Bearer nope' }, token: 'nope', id: 0 }, '{ me { id } }');
    expect(expired.status).toBe(401);
  });

  it('takes the token in the body, as the spec says, and answers at /graphql too', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ me { id } }', token: agent.token },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { me: { id: agent.id } } });
  });

  it('answers malformed bodies and queries with 4xx and an errors list, never a 5xx', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const send = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: URL, headers: { ...agent.headers, 'content-type': contentType }, payload });
    for (const payload of [
      '{',
      '',
      '[]',
      '{}',
      '{"query": 5}',
      '{"query": ""}',
      '{"query": "{ me { id } }", "variables": [1]}',
    ]) {
      const response = await send(payload);
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
      expect(response.json(), `${payload} ${response.body}`).toEqual({ errors: [expect.any(String)] });
    }
    expect((await send('{ me { id } }', 'application/graphql')).statusCode).toBe(415);
    // There are no mutations: refused in the errors list (graphql-yoga answers it as run, 200).
    const mutation = await graphql(agent, 'mutation { me { id } }');
    expect(mutation.status).toBeLessThan(500);
    expect(mutation.body.errors).toEqual([expect.objectContaining({ message: expect.any(String) })]);
    for (const query of ['{', '{ nope }', '{ customer { id } }', '{ me }']) {
      const { status, body } = await graphql(agent, query);
      expect(status, query).toBe(400);
      expect(body.errors, query).toEqual([expect.objectContaining({ message: expect.any(String) })]);
    }
  });

  it('reads 100 customers with their loans and payments in a few statements (DataLoader), not one per row', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const created: number[] = [];
    for (let index = 0; index < 100; index += 1) {
      const customer = await createCustomer(t.database.db, { bankAccount: false, debitCard: false });
      await createLoan(t.database.db, { customerId: customer.id, installments: 3 });
      created.push(customer.id);
    }
    const query = `query ($ids: [Int!]) { customers(ids: $ids) {
      id first_name loans { id status payments { id due state expected_amount_cents } } } }`;
    // Once before counting, so the session is in the cache as it is for every call but the first.
    await graphql(agent, '{ me { id } }');
    const { result, statements } = await countStatements(() => graphql(agent, query, { ids: created }));
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.customers).toHaveLength(100);
    expect(
      result.body.data.customers.every(
        (customer: { loans: { payments: unknown[] }[] }) => customer.loans[0]?.payments.length === 3,
      ),
    ).toBe(true);
    // customers, their loans, the loans' payments; the session may be read once more.
    // Three on PGlite: customers, their loans, the loans' payments.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
    expect(statements.filter((statement) => /from "payments"/.test(statement))).toHaveLength(1);

    // A page of customers (no ids) is as few.
    const paged = await countStatements(() =>
      graphql(agent, '{ customers(limit: 100) { id loans { id payments { id } } } }'),
    );
    expect(paged.result.body.data.customers).toHaveLength(100);
    expect(paged.statements.length).toBeLessThanOrEqual(4);
  });
});
