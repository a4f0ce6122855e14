import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
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

// The ticket given to the employee, who has answered it once by text ('Reply.'), at `createdAt`
// when given.
async function assignWithReply(ticketId: number, customerId: number, employeeId: number, createdAt?: Date) {
  await t.database.db.update(tickets).set({ assignedTo: employeeId }).where(eq(tickets.id, ticketId));
  await t.database.db.insert(messages).values({
    ticketId,
    customerId,
    type: 'text',
    inbound: false,
    body: 'Reply.',
    status: 'sent',
    employeeId,
    ...(createdAt ? { createdAt } : {}),
  });
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
    await assignWithReply(ticket.id, customer.id, agent.id, new Date(Date.now() + 60_000));

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
    const paymentReads = statements.filter((statement) => /from "payments"/.test(statement));
    expect(paymentReads).toHaveLength(1);
    // One array parameter, whatever the number of loans: the same statement text for any batch.
    expect(paymentReads[0]).toMatch(/= any\(\$1::bigint\[\]\)/);
    expect(paymentReads[0]).not.toMatch(/\$2/);

    // A page of customers (no ids) is as few.
    const paged = await countStatements(() =>
      graphql(agent, '{ customers(limit: 100) { id loans { id payments { id } } } }'),
    );
    expect(paged.result.body.data.customers).toHaveLength(100);
    expect(paged.statements.length).toBeLessThanOrEqual(4);

    // And a page after an id (keyset) too.
    const after = await countStatements(() =>
      graphql(
        agent,
        'query ($after: Int) { customers(limit: 50, after: $after) { id loans { id payments { id } } } }',
        {
          after: created[49],
        },
      ),
    );
    expect(after.result.body.data.customers.map((customer: { id: number }) => customer.id)).toEqual(created.slice(50));
    expect(after.statements.length).toBeLessThanOrEqual(4);
  });

  it('pages customers and tickets after an id (keyset), as offset pages them, and refuses both at once', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const created: Record<string, number[]> = { customers: [], tickets: [] };
    for (let index = 0; index < 5; index += 1) {
      const customer = await createCustomer(t.database.db, { bankAccount: false, debitCard: false });
      const ticket = await createTicket(t.database.db, { customerId: customer.id });
      created.customers!.push(customer.id);
      created.tickets!.push(ticket.id);
    }
    for (const list of ['customers', 'tickets']) {
      // The newest rows: page through them, each page starting after the last id of the one before.
      const ids = created[list]!;
      const paged: number[] = [];
      let after = ids[0]! - 1;
      for (;;) {
        const page = await graphql(agent, `query ($after: Int) { ${list}(limit: 2, after: $after) { id } }`, { after });
        expect(page.body.errors, list).toBeUndefined();
        const pageIds: number[] = page.body.data[list].map((row: { id: number }) => row.id);
        if (pageIds.length === 0) break;
        expect(pageIds.length, list).toBeLessThanOrEqual(2);
        paged.push(...pageIds);
        after = pageIds.at(-1)!;
      }
      expect(paged, list).toEqual(ids);

      // The same page by offset.
      const all = await graphql(agent, `{ ${list}(limit: 100) { id } }`);
      const first: number[] = all.body.data[list].map((row: { id: number }) => row.id);
      expect(first, list).toEqual([...first].sort((a, b) => a - b));
      const byOffset = await graphql(agent, `{ ${list}(limit: 2, offset: 2) { id } }`);
      const byAfter = await graphql(agent, `{ ${list}(limit: 2, after: ${first[1]}) { id } }`);
      expect(byAfter.body.data, list).toEqual(byOffset.body.data);
      expect(
        byOffset.body.data[list].map((row: { id: number }) => row.id),
        list,
      ).toEqual(first.slice(2, 4));

      const both = await graphql(agent, `{ ${list}(limit: 2, offset: 2, after: ${first[1]}) { id } }`);
      expect(both.status, list).toBe(200);
      expect(both.body.data, list).toBeNull();
      expect(both.body.errors, list).toEqual([
        expect.objectContaining({
          message:
            'Give either after (the last id of the page before) or offset, not both. after is the faster way to page deep.',
          path: [list],
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }),
        }),
      ]);
    }
  });

  it('answers each field alone as it answers it among all the fields of its type', async () => {
    // The reads select only what a query asks (and what computed fields read): a field asked alone
    // must not miss a column it needs.
    const revealer = await createSignedInStaff(t.app, t.database.db, { roles: ['agent', 'ssn_reveal'], name: 'Ann' });
    const customer = await createCustomer(t.database.db, { firstName: 'Ada', ssnLast4: '6789' });
    const { loan, payments } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
    const ticket = await createTicket(t.database.db, { customerId: customer.id, subject: 'Loan', thread: ['Hi.'] });
    await assignWithReply(ticket.id, customer.id, revealer.id);
    // Where each type is reached: the root field, and the list field below it for nested types.
    const places: Record<string, [string, string?]> = {
      Customer: [`customer(id: ${customer.id})`],
      BankAccount: [`customer(id: ${customer.id})`, 'bank_accounts'],
      Loan: [`loan(id: ${loan.id})`],
      Payment: [`payment(id: ${payments[0]!.id})`],
      Ticket: [`ticket(id: ${ticket.id})`],
      Message: [`ticket(id: ${ticket.id})`, 'messages'],
      Employee: [`employee(id: ${revealer.id})`],
    };
    const ask = async (type: string, selection: string) => {
      const [root, list] = places[type]!;
      const { body } = await graphql(revealer, `{ ${root} { ${list ? `${list} { ${selection} }` : selection} } }`);
      expect(body.errors, `${type}: ${selection}`).toBeUndefined();
      const value = body.data[root.split('(')[0]!];
      return list ? value[list] : value;
    };
    for (const type of Object.keys(places)) {
      const introspection = await graphql(
        revealer,
        `{ __type(name: "${type}") { fields { name type { kind ofType { kind ofType { kind ofType { kind } } } } } } }`,
      );
      type TypeRef = { kind: string; ofType?: TypeRef | null };
      const namedKind = (ref: TypeRef): string => (ref.ofType ? namedKind(ref.ofType) : ref.kind);
      const fields: { name: string; type: TypeRef }[] = introspection.body.data.__type.fields;
      // A field of an object type is asked for its id.
      const selections = fields.map(({ name, type: ref }) => (namedKind(ref) === 'OBJECT' ? `${name} { id }` : name));
      const whole = await ask(type, selections.join(' '));
      for (const [index, { name }] of fields.entries()) {
        const alone = await ask(type, selections[index]!);
        const pick = (row: Record<string, unknown>) => ({ [name]: row[name] });
        expect(Array.isArray(alone) ? alone.map(pick) : pick(alone), `${type}.${name}`).toEqual(
          Array.isArray(whole) ? whole.map(pick) : pick(whole),
        );
      }
    }
  });

  it('masks an unexpected failure of a field: a sentence at its path, the rest of the query answered', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const customer = await createCustomer(t.database.db, { firstName: 'Ada' });
    await createLoan(t.database.db, { customerId: customer.id });
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const original = client.query;
    // The database refuses the loans read, as a lost connection would.
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
      if (/from "loans"/.test(text)) return Promise.reject(new Error('connection terminated unexpectedly'));
      return original.apply(this, args);
    };
    try {
      const { status, body } = await graphql(
        agent,
        'query ($id: Int!) { customer(id: $id) { id loans { id } } other: customer(id: $id) { first_name } }',
        { id: customer.id },
      );
      expect(status).toBe(200);
      // loans is a non-null list: its failure empties the customer, not the sibling field.
      expect(body.data).toEqual({ customer: null, other: { first_name: 'Ada' } });
      expect(body.errors).toEqual([
        {
          message: 'Something went wrong on the server while answering this field. Please try again.',
          locations: [{ line: 1, column: 44 }],
          path: ['customer', 'loans'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ]);
      expect(JSON.stringify(body)).not.toContain('connection terminated');
    } finally {
      client.query = original;
    }
  });

  it('runs the operation named in a document of several, each time the one named', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db, { name: 'Grace Agent' });
    const document = 'query A { me { id } } query B { me { name } }';
    const run = (operationName: string) =>
      t.app.inject({ method: 'POST', url: URL, headers: agent.headers, payload: { query: document, operationName } });
    for (const name of ['A', 'B', 'A', 'B']) {
      const response = await run(name);
      expect(response.json(), name).toEqual({
        data: { me: name === 'A' ? { id: agent.id } : { name: 'Grace Agent' } },
      });
    }
  });

  it('answers variables it cannot take with 400 and a sentence, running nothing', async () => {
    const agent = await createSignedInStaff(t.app, t.database.db);
    const query = 'query ($id: Int!) { customer(id: $id) { id } }';
    for (const [variables, message] of [
      [{}, 'Variable "$id" of required type "Int!" was not provided.'],
      [{ id: 'one' }, 'Variable "$id" got invalid value "one"; Int cannot represent non-integer value: "one"'],
    ] as const) {
      const { status, body } = await graphql(agent, query, variables);
      expect(status).toBe(400);
      expect(body).toEqual({ errors: [{ message, locations: [{ line: 1, column: 8 }] }] });
    }
  });
});
