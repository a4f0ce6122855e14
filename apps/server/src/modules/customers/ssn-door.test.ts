import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { permissionRefusal } from '@portal/contracts';
import { auditEvents, customers } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { noticeCall, sampleFile, uploadNotices } from '../../testing/notice-test-kit.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createSsnSealer } from './ssn.ts';
import { SSN_ROADS, SSN_SEARCHES_PER_MINUTE, ssnLimitSentence, type SsnRoad } from './ssn-search.ts';

// The one door for SSN look-ups (issue 37, convention 9): every comparison of whole SSN digits
// from outside with customers' SSNs goes through compareSsns (ssn-search.ts), which applies the
// reveal permission, the per-employee limit and the audit. Two halves:
// - the code: every server source file is read, and a file other than the door that compares SSN
//   digits (makes their keyed hash, looks customers up by it, compares hashes or opened numbers)
//   fails, unless it is listed below with the reason it may;
// - the roads: each road of the registry (SSN_ROADS) is driven through the API exactly as staff
//   take it, and must answer the same for the right number and a wrong one without the reveal
//   power, record one audit event with it, and stop at the shared limit.

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const sources = readdirSync(serverRoot, { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing/'),
);

// What marks a comparison of SSN digits.
const MARKERS = {
  // The keyed hash (blind index) of nine digits: platform/ssn-sealing.ts's ssnHash, customers' ssnHashOf.
  hashesDigits: /\bssnHash(?:es)?(?:Of)?\s*\(/,
  // Customers looked up by that hash.
  looksUpByHash: /\bfindCustomerIdsBySsn\w*\s*\(/,
  // A stored hash compared: in JavaScript, in a query builder or in SQL.
  comparesHashes:
    /\.ssnHash\s*[!=]==|[!=]==\s*[\w.?!]*\bssnHash\b|\b(?:eq|ne|inArray|notInArray)\(\s*[\w.]*\bssnHash\b|\bssn_hash\s*(?:=|<>|!=|in\b)/i,
  // A sealed SSN opened and compared with something.
  comparesOpened: /\bopen\w*Ssn\s*\([^;]*?\)\s*[!=]==|[!=]==\s*open\w*Ssn\s*\(/,
} as const;
type Marker = keyof typeof MARKERS;

const THE_DOOR = 'modules/customers/ssn-search.ts';

// Files that may carry a marker without comparing a caller's digits, and why.
const ALLOWED: Record<string, { markers: Marker[]; why: string }> = {
  'platform/ssn-sealing.ts': { markers: ['hashesDigits'], why: 'defines the keyed hash' },
  'modules/customers/ssn.ts': {
    markers: ['hashesDigits'],
    why: "makes the index stored with a customer's SSN (sealSsn), and ssnHashOf for a record another module stores",
  },
  'modules/customers/ssn-repository.ts': {
    markers: ['looksUpByHash', 'comparesHashes'],
    why: "the door's query (findCustomerIdsBySsnHashes, called from the door alone: a call elsewhere is a marker there), the writes of the columns, and npm run reseal's read of customers by their stored hashes (findSsnsByHashes)",
  },
  'modules/customers/rekey-customer-secrets.ts': {
    markers: ['hashesDigits', 'comparesHashes'],
    why: "npm run reseal (decision 072): makes stored hashes again under a new key from the customers' own sealed SSNs; no caller's digits",
  },
  'modules/credit-reporting/rekey-acdv-hashes.ts': {
    markers: ['comparesHashes'],
    why: 'npm run reseal: an ACDV request keeps its hash when it is already the new one',
  },
  'modules/credit-reporting/repository.ts': {
    markers: ['comparesHashes'],
    why: "npm run reseal: a request's hash replaced only where it is still the one read",
  },
  'modules/credit-reporting/acdv-import.ts': {
    markers: ['hashesDigits'],
    why: "stores an ACDV request's SSN as its index beside the request (compared in acdv-request.ts, below)",
  },
};

// Comparisons outside the door that compare no caller's digits: the evidence pack scrubs the
// customer's own SSN from what we hold on them (compliance builds it; what it redacts is the customer's
// number, never a guess). Each must still be there: when one moves to the door, take it off this list.
const NOT_YET_THROUGH_THE_DOOR: Record<string, { markers: Marker[]; why: string }> = {
  'modules/evidence-pack/ssn-redaction.ts': {
    markers: ['hashesDigits', 'comparesHashes'],
    why: "nine digits in a message compared with the customer's SSN, to redact them in an evidence pack",
  },
};

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function markersIn(text: string): Marker[] {
  const code = withoutComments(text);
  return (Object.keys(MARKERS) as Marker[]).filter((marker) => MARKERS[marker].test(code));
}

// The comparisons a set of files makes outside what the door and the lists allow.
function comparisonsOutsideTheDoor(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) => {
    if (file === THE_DOOR) return [];
    const allowed = [...(ALLOWED[file]?.markers ?? []), ...(NOT_YET_THROUGH_THE_DOOR[file]?.markers ?? [])];
    return markersIn(text)
      .filter((marker) => !allowed.includes(marker))
      .map((marker) => `${file}: ${marker}`);
  });
}

const serverFiles = () => sources.map((file) => ({ file, text: readFileSync(`${serverRoot}${file}`, 'utf8') }));

describe('the SSN door is the one place that compares SSN digits', () => {
  it('no server source file but the door compares them', () => {
    expect(sources).toContain(THE_DOOR);
    expect(comparisonsOutsideTheDoor(serverFiles())).toEqual([]);
  });

  it('the door does compare (so the markers find a comparison where there is one)', () => {
    const door = serverFiles().find(({ file }) => file === THE_DOOR)!;
    expect(markersIn(door.text)).toEqual(expect.arrayContaining(['hashesDigits']));
    expect(door.text).toMatch(/findCustomerIdsBySsnHashes\(/);
  });

  it('fails a comparison planted elsewhere, written any of the ways a comparison is written', () => {
    const planted = [
      'const ids = await findCustomerIdsBySsnHashes(db, [ssnHashOf(context, digits)]);',
      'const same = customer.ssnHash === ssnHashOf(context, digits);',
      'await db.select().from(customers).where(eq(customers.ssnHash, hash));',
      'await db.execute(sql`select id from customers where ssn_hash = ${hash}`);',
      'if (openCustomerSsn(context, id, stored) === typed) return id;',
    ];
    for (const text of planted)
      expect(
        comparisonsOutsideTheDoor([{ file: 'modules/bankruptcy-notices/match-debtor.ts', text }]),
        text,
      ).not.toEqual([]);
    // A comment that talks about the hash is not a comparison.
    expect(
      comparisonsOutsideTheDoor([{ file: 'modules/x.ts', text: '// compared by ssnHash(keys, digits) in the door' }]),
    ).toEqual([]);
  });

  it('lists only comparisons still outside the door, each where it says', () => {
    const files = new Map(serverFiles().map(({ file, text }) => [file, text]));
    const stale = Object.entries({ ...NOT_YET_THROUGH_THE_DOOR, ...ALLOWED }).flatMap(([file, entry]) => {
      const text = files.get(file);
      if (text === undefined) return [`${file}: no such file`];
      const found = markersIn(text);
      return entry.markers.filter((marker) => !found.includes(marker)).map((marker) => `${file}: no ${marker}`);
    });
    expect(stale).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The roads, driven through the API.

const t = useTestApp();

// What the caller learned from one comparison: the answer's status and sentences, and the customers
// the answer ties to the number.
type Answer = { status: number; errors: string[]; tiedTo: number[] };

type RoadDriver = {
  // What the employee needs to take the road at all (without the reveal power).
  roles: string[];
  ask: (staff: StaffSession, ssn: string) => Promise<Answer>;
};

const errorsOf = (body: unknown): string[] =>
  typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
    ? (body as { errors: string[] }).errors
    : [];

// One driver per road of SSN_ROADS (the type makes a new road need one).
const drivers: Record<SsnRoad, RoadDriver> = {
  user_search: {
    roles: ['agent'],
    ask: async (staff, ssn) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/internal/api/disputes_dashboard/search/user_search',
        headers: staff.headers,
        query: { ssn },
      });
      const body = response.json();
      const results: Array<{ id: number }> = response.statusCode === 200 ? body.results : [];
      return { status: response.statusCode, errors: errorsOf(body), tiedTo: results.map((row) => row.id) };
    },
  },
  notice_upload: {
    roles: ['agent', 'bankruptcy'],
    ask: async (staff, ssn) => {
      const file = await sampleFile('chapter7', {
        debtorName: 'Unknown Debtor',
        debtorSsn: ssn.replace(/\D/g, ''),
        jointDebtorName: null,
        jointDebtorSsn: null,
      });
      const response = await uploadNotices(t, staff, [file]);
      if (response.statusCode !== 200)
        return { status: response.statusCode, errors: errorsOf(response.json()), tiedTo: [] };
      const notice = (await noticeCall(t, staff, 'GET', `/${response.json().notices[0].id}`)).json().notice;
      return { status: 200, errors: [], tiedTo: notice.customer?.match === 'ssn' ? [notice.customer.id] : [] };
    },
  },
  ssn_correction: {
    roles: ['agent', 'ssn_editor'],
    // The number typed for a customer of the caller's choosing: a 409 names who else has it.
    ask: async (staff, ssn) => {
      const throwaway = await createCustomer(t.database.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/internal/api/users/update_ssn',
        headers: staff.headers,
        payload: { user_id: throwaway.id, ssn },
      });
      const errors = errorsOf(response.json());
      const named = errors.flatMap((error) => [...error.matchAll(/Customers? ([\d, and]+) already ha/g)]);
      const tiedTo = named.flatMap((match) => (match[1]!.match(/\d+/g) ?? []).map(Number));
      return { status: response.statusCode, errors, tiedTo };
    },
  },
};

const roads = Object.keys(SSN_ROADS) as SsnRoad[];

async function customerWithSsn(digits: string) {
  const customer = await createCustomer(t.database.db);
  const sealed = createSsnSealer(TEST_SECRETS_KEY)(customer.id, digits.replace(/\D/g, ''));
  await t.database.db
    .update(customers)
    .set({ ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 })
    .where(eq(customers.id, customer.id));
  return customer;
}

const searchesBy = (staff: StaffSession) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.employeeId, staff.employeeId), eq(auditEvents.action, 'customer.ssn_searched')));

// A distinct well-formed number per test (first three 6xx, middle two counted, last four fixed).
let numbers = 0;
const nextSsn = () => {
  numbers += 1;
  return `6${String(numbers).padStart(2, '0')}-${String(10 + numbers).padStart(2, '0')}-5827`;
};
const sameLastFour = (ssn: string) => `${ssn.slice(0, 4)}${ssn[4] === '9' ? '8' : '9'}${ssn.slice(5)}`;

describe('every road to the SSN door', () => {
  it('has a driver here', () => {
    expect(Object.keys(drivers).sort()).toEqual([...roads].sort());
  });

  it.each(roads)(
    '%s: without customers.reveal_ssn, the right number and a wrong one answer alike, and nothing is compared',
    async (road) => {
      const { roles, ask } = drivers[road];
      const staff = await signInAsStaff(t.app, t.database.db, roles);
      const right = nextSsn();
      await customerWithSsn(right);
      const [onRight, onWrong] = [await ask(staff, right), await ask(staff, sameLastFour(right))];
      expect(onRight.tiedTo).toEqual([]);
      expect({ ...onRight, errors: onRight.errors.length }).toEqual({ ...onWrong, errors: onWrong.errors.length });
      if (SSN_ROADS[road].withoutReveal === 'refuse') {
        expect(onRight.status).toBe(403);
        expect(onRight.errors).toEqual([permissionRefusal('customers.reveal_ssn')]);
      } else expect(onRight.status).toBe(200);
      expect(await searchesBy(staff)).toEqual([]);
    },
  );

  it.each(roads)('%s: with it, the number is compared, and the comparison is one audit event', async (road) => {
    const { roles, ask } = drivers[road];
    const staff = await signInAsStaff(t.app, t.database.db, [...roles, 'ssn_reveal']);
    const right = nextSsn();
    const holder = await customerWithSsn(right);
    const answer = await ask(staff, right);
    expect(answer.tiedTo).toEqual([holder.id]);
    const events = await searchesBy(staff);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      employeeId: staff.employeeId,
      after: { purpose: SSN_ROADS[road].purpose, ssns_compared: 1, ssns: ['***-**-5827'], found: [holder.id] },
    });
    expect(JSON.stringify(events[0])).not.toMatch(new RegExp(right.replace(/-/g, '.?')));
  });

  it.each(roads)(
    `%s: stops at the employee's ${SSN_SEARCHES_PER_MINUTE} comparisons a minute, counted over every road together`,
    async (road) => {
      const { roles, ask } = drivers[road];
      const staff = await signInAsStaff(t.app, t.database.db, [
        ...new Set([...roles, ...roads.flatMap((other) => drivers[other].roles), 'ssn_reveal']),
      ]);
      // The minute's comparisons spent on the roads in turn, this one last.
      const order = [...roads.filter((other) => other !== road), road];
      for (let index = 0; index < SSN_SEARCHES_PER_MINUTE; index += 1) {
        const answer = await drivers[order[index % order.length]!].ask(staff, nextSsn());
        expect(answer.status).toBe(200);
      }
      const events = (await searchesBy(staff)).length;
      const refused = await ask(staff, nextSsn());
      expect(refused.status).toBe(429);
      expect(refused.errors).toEqual([ssnLimitSentence(road, 1, 0)]);
      expect(await searchesBy(staff)).toHaveLength(events);
    },
  );
});
