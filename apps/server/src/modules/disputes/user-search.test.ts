import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DISPUTE_MESSAGES, DISPUTE_USER_SEARCH_PAGE_SIZE } from '@portal/contracts';
import { createCustomer, createLoan } from '@portal/db/testing';
import { buildApp } from '../../app.ts';
import { testAppDeps } from '../../testing/test-app.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callDisputes } from '../../testing/dispute-test-helpers.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// GET disputes_dashboard/search/user_search: the shared criteria rule, exact unique identifiers,
// every secondary field matching, and pages.

const t = useTestApp();
const agent = useStaffSession(t);
// A whole SSN is searched by holders of the reveal power only (ssn-search.test.ts has the rest).
const revealer = useStaffSession(t, ['agent', 'ssn_reveal', 'ssn_editor']);
const search = (query: Record<string, unknown>, staff = query.ssn === undefined ? agent : revealer) =>
  callDisputes(t, staff, 'GET', 'search/user_search', query);
const idsOf = async (query: Record<string, unknown>) =>
  ((await search(query)).json().results as Array<{ id: number }>).map((result) => result.id);

// A surname only this file uses, so other customers never match.
const SURNAME = 'Quillfeather';
let jane: Awaited<ReturnType<typeof createCustomer>>;
let janet: Awaited<ReturnType<typeof createCustomer>>;
let loans: { active: number; paidOff: number; older: number };

beforeAll(async () => {
  const db = t.database.db;
  jane = await createCustomer(db, {
    firstName: 'Jane',
    lastName: SURNAME,
    email: 'jane.quillfeather@example.com',
    phoneNumber: '2175550143',
    birthday: '1984-02-29',
    street: '12 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701-1234',
  });
  janet = await createCustomer(db, {
    firstName: 'Janet',
    lastName: SURNAME,
    birthday: '1990-01-01',
    city: 'Chicago',
    state: 'IL',
    zip: '60611',
  });
  const older = await createLoan(db, { customerId: jane.id, fundedOn: '2024-01-02', state: 'paid_off' });
  const paidOff = await createLoan(db, { customerId: jane.id, fundedOn: '2025-01-02', state: 'paid_off' });
  const active = await createLoan(db, { customerId: jane.id, fundedOn: '2026-09-01' });
  await createLoan(db, { customerId: jane.id, state: 'denied' });
  loans = { active: active.loan.id, paidOff: paidOff.loan.id, older: older.loan.id };
});

describe('GET disputes_dashboard/search/user_search', () => {
  it('needs a unique identifier or two other fields, in the spec words', async () => {
    for (const query of [{}, { last_name: SURNAME }, { city: 'Springfield', page: 1 }]) {
      const response = await search(query);
      expectErrors(response, 400, [DISPUTE_MESSAGES.searchCriteria]);
    }
  });

  it('refuses malformed fields with the spec sentence, then each field’s own', async () => {
    const response = await search({ last_name: SURNAME, zip: '123', phone_number: '217-555', state: 'XX' });
    expectErrors(response, 400, [
      DISPUTE_MESSAGES.correctBeforeSearching,
      'Phone must be (XXX) XXX-XXXX.',
      'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).',
      'Choose a state from the list.',
    ]);
    const ssn = await search({ ssn: '12-345-6789' });
    expect(ssn.json().errors).toEqual([DISPUTE_MESSAGES.correctBeforeSearching, 'SSN must be XXX-XX-XXXX.']);
  });

  it('finds one customer by user id, with the address and the loans', async () => {
    const response = await search({ user_id: String(jane.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        {
          id: jane.id,
          first_name: 'Jane',
          last_name: SURNAME,
          birthday: '1984-02-29',
          ssn_last_four: null,
          email: 'jane.quillfeather@example.com',
          phone_number: '2175550143',
          address: { street: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701-1234' },
          active_loan_id: loans.active,
          other_funded_loan_ids: [loans.paidOff, loans.older],
        },
      ],
      meta: { current_page: 1, total_pages: 1, total_count: 1, search_type: 'primary' },
    });
    expect(await idsOf({ user_id: '99999999' })).toEqual([]);
  });

  it('finds the customer of a loan, and by full SSN; every identifier given must agree', async () => {
    expect(await idsOf({ loan_id: String(loans.paidOff) })).toEqual([jane.id]);
    const saved = await callAsStaff(t.app, revealer, 'POST', 'users/update_ssn', {
      user_id: janet.id,
      ssn: '321-54-9876',
    });
    expect(saved.statusCode).toBe(200);
    expect(await idsOf({ ssn: '321-54-9876' })).toEqual([janet.id]);
    expect(await idsOf({ ssn: '321549876', user_id: String(janet.id) })).toEqual([janet.id]);
    expect(await idsOf({ ssn: '321-54-9876', loan_id: String(loans.active) })).toEqual([]);
    // A unique identifier alone decides: other fields do not narrow it.
    expect(await idsOf({ user_id: String(jane.id), city: 'Nowhere' })).toEqual([jane.id]);
  });

  it('matches every secondary field given: names exact or as a prefix in any case, and the rest', async () => {
    expect(await idsOf({ last_name: SURNAME.toUpperCase(), first_name: 'jan' })).toEqual([jane.id, janet.id]);
    expect(await idsOf({ last_name: SURNAME, first_name: 'Janet' })).toEqual([janet.id]);
    expect(await idsOf({ last_name: 'quill', state: 'IL' })).toEqual([jane.id, janet.id]);
    expect(await idsOf({ last_name: SURNAME, dob: '02/29/1984' })).toEqual([jane.id]);
    expect(await idsOf({ phone_number: '(217) 555-0143', last_name: SURNAME })).toEqual([jane.id]);
    expect(await idsOf({ email: 'JANE.Quillfeather@example.com', first_name: 'jane' })).toEqual([jane.id]);
    expect(await idsOf({ city: 'springfield', last_name: SURNAME })).toEqual([jane.id]);
    expect(await idsOf({ zip: '62701', last_name: SURNAME })).toEqual([jane.id]);
    expect(await idsOf({ zip: '62701-9999', last_name: SURNAME })).toEqual([jane.id]);
    expect(await idsOf({ street: '12 main', last_name: SURNAME })).toEqual([jane.id]);
    expect(await idsOf({ ssn_last_four: '9876', last_name: SURNAME })).toEqual([janet.id]);
    expect(await idsOf({ last_name: SURNAME, city: 'Springfield', first_name: 'Janet' })).toEqual([]);
    const body = (await search({ last_name: SURNAME, state: 'IL' })).json();
    expect(body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2, search_type: 'secondary' });
  });

  it(`pages by ${DISPUTE_USER_SEARCH_PAGE_SIZE}, ordered by last name, first name and id`, async () => {
    const created = [];
    for (let index = 0; index < DISPUTE_USER_SEARCH_PAGE_SIZE + 2; index += 1)
      created.push(
        await createCustomer(t.database.db, {
          firstName: `Pat${String.fromCharCode(90 - index)}`,
          lastName: 'Pagemaker',
          state: 'OR',
        }),
      );
    const expected = [...created]
      .sort((a, b) => a.firstName.toLowerCase().localeCompare(b.firstName.toLowerCase()) || a.id - b.id)
      .map((customer) => customer.id);
    const first = (await search({ last_name: 'pagemaker', state: 'OR' })).json();
    expect(first.meta).toEqual({
      current_page: 1,
      total_pages: 2,
      total_count: DISPUTE_USER_SEARCH_PAGE_SIZE + 2,
      search_type: 'secondary',
    });
    const second = (await search({ last_name: 'pagemaker', state: 'OR', page: 2 })).json();
    expect([...first.results, ...second.results].map((result: { id: number }) => result.id)).toEqual(expected);
    expect(second.results).toHaveLength(2);
  });
});

describe('without SECRETS_KEY', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildApp({ ...testAppDeps(t.database, t.clock), secretsKey: undefined });
    await bare.ready();
  });
  afterAll(() => bare.close());

  it('answers an SSN search 503, as every SSN look-up does, and the other searches still work', async () => {
    const ask = (query: Record<string, string>) =>
      bare.inject({
        method: 'GET',
        url: '/internal/api/disputes_dashboard/search/user_search',
        headers: revealer.headers,
        query,
      });
    const ssn = await ask({ ssn: '321-54-9876' });
    expectErrors(ssn, 503, ['No secrets key is configured (SECRETS_KEY); ask engineering to set one.']);
    expect((await ask({ user_id: String(jane.id) })).statusCode).toBe(200);
  });
});
