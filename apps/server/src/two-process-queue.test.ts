import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, DEFAULT_TEST_PASSWORD, openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { freePort, startApiProcess, waitUntilUp } from './testing/api-process.ts';

// The ticket queue under load across processes: two real API processes on one PostgreSQL database,
// and 50 simulated employees who, until 500 tickets are closed, take the next ticket (GET tickets,
// then GET ticket, as the workspace does, or now and then a ticket opened by its id, as a deep link
// does) and close it, each request to either process. No ticket may be held by two employees, and none
// may be lost: at the end every ticket is closed, by the one employee who was told so, or back in
// the queue. A second process needs PostgreSQL; CI runs this file on it.
const serverUrl = process.env.DATABASE_URL;

const EMPLOYEES = 50;
// The work the run does, not a time: 10 tickets each, 8.9 s on the 2-core machine (548 closed,
// with deep links refused for a ticket someone else holds). It ran 10 s, then asked for
// at least 250 closed: beside the end-to-end specs on a slower day the machine closed fewer, and a
// correct queue failed for being slow (issue 38: a timeout bounds a hang, it does not time the
// machine). GIVE_UP_MS bounds a queue that hangs.
const CLOSES = 500;
const GIVE_UP_MS = 150_000;
// Far more than the run closes, so the queue never runs dry.
const TICKETS = 12_000;
// The share of turns an employee opens a ticket by its id instead of taking the next one.
const DEEP_LINK_SHARE = 0.2;

type Employee = { index: number; id: number; name: string; email: string; headers: Record<string, string> };
type Answer = { status: number; body: unknown; process: number };
type Summary = { id: number };
type TicketView = { id: number; state: 'open' | 'closed'; assigned_to: string | null };

describe.skipIf(!serverUrl)('two API processes, 50 employees working the queue', () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const bases: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-two-process-'));

  function startApi(port: number): ChildProcess {
    return startApiProcess({
      databaseUrl: database.url ?? '',
      port,
      dataDir,
      env: { DATABASE_POOL_SIZE: '10', SECRETS_KEY: randomBytes(32).toString('base64'), OUTBOX_POLL_MS: '0' },
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      processes.push(startApi(port));
      bases.push(`http://127.0.0.1:${port}/internal/api/`);
    }
    // The tickets oldest first, each with the customer's text, as the queue hands them out.
    await database.db.execute(sql`
      insert into tickets (channel, contact, created_at)
      select 'text', '+1503555' || lpad(n::text, 4, '0'), now() - interval '1 day' + n * interval '1 second'
        from generate_series(1, ${TICKETS}) as n`);
    await database.db.execute(sql`
      insert into messages (ticket_id, type, inbound, body, from_address, status, created_at)
      select id, 'text', true, 'Hi, a question about my loan.', contact, 'received', created_at from tickets`);
    for (const port of ports) await waitUntilUp(port);
  }, 300_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await Promise.all(
      processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else child.once('exit', () => resolve());
          }),
      ),
    );
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never hands a ticket to two employees and loses none', async () => {
    const employees: Employee[] = [];
    for (let index = 0; index < EMPLOYEES; index += 1) {
      const email = `queue${index}@portal.example`;
      const name = `Queue Agent ${String(index).padStart(2, '0')}`;
      const row = await createEmployee(database.db, { email, name, roles: ['agent'] });
      employees.push({ index, id: row.id, name, email, headers: {} });
    }

    let turn = 0;
    const perProcess = [0, 0];
    // Each request goes to the next process in turn, so every employee's work crosses both.
    async function call(employee: Employee, method: string, path: string, body?: unknown): Promise<Answer> {
      const which = (employee.index + turn++) % 2;
      perProcess[which] = (perProcess[which] ?? 0) + 1;
      const response = await fetch(`${bases[which]}${path}`, {
        method,
        headers: body === undefined ? employee.headers : { ...employee.headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), process: which };
    }

    // Signed in (one process or the other) and online, ten at a time: sign-in hashes on purpose.
    for (let start = 0; start < EMPLOYEES; start += 10) {
      await Promise.all(
        employees.slice(start, start + 10).map(async (employee) => {
          const signIn = await call(employee, 'POST', 'employees/sign_in', {
            employee: { email: employee.email, password: DEFAULT_TEST_PASSWORD },
          });
          expect(signIn.status).toBe(200);
          employee.headers = { authorization: `Bearer ${(signIn.body as { apiToken: string }).apiToken}` };
          expect((await call(employee, 'PATCH', 'toggle_online', { online: true })).status).toBe(200);
        }),
      );
    }

    const range = (
      (await database.db.execute(sql`select min(id)::int as first, max(id)::int as last from tickets`)) as unknown as {
        rows: Array<{ first: number; last: number }>;
      }
    ).rows[0]!;
    const { first, last } = range;
    // Who was handed, shown as the holder of, or told they closed each ticket. A lease lasts 15
    // minutes and a closed ticket is never handed out again, so within the run a second name is a
    // ticket held by two employees.
    const holders = new Map<number, Set<number>>();
    const hold = (ticketId: number, employee: Employee) => {
      const ids = holders.get(ticketId) ?? new Set<number>();
      ids.add(employee.id);
      holders.set(ticketId, ids);
    };
    const closedBy = new Map<number, number[]>();
    const unexpected: string[] = [];
    const note = (employee: Employee, what: string, answer: Answer) =>
      unexpected.push(`${employee.name} ${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    let emptyPolls = 0;
    // The queue hands out oldest (lowest id) first: the newest id handed out marks its head.
    let newestHandedOut = first;
    let conflicts = 0;
    let closedAlready = 0;

    async function work(employee: Employee, giveUpAt: number): Promise<void> {
      while (closedBy.size < CLOSES && Date.now() < giveUpAt) {
        let ticketId: number | null = null;
        if (Math.random() < DEEP_LINK_SHARE) {
          // A ticket opened by its id, near the head of the queue where the others are taking
          // theirs: perhaps next in line, perhaps someone else's, perhaps closed.
          const near = newestHandedOut - 60 + Math.floor(Math.random() * 120);
          const candidate = Math.min(last, Math.max(first, near));
          const view = await call(employee, 'GET', `ticket?id=${candidate}`);
          const ticket = view.body as TicketView;
          if (view.status === 409) conflicts += 1;
          else if (view.status === 200 && ticket.state === 'closed') closedAlready += 1;
          else if (view.status !== 200) note(employee, `GET ticket ${candidate}`, view);
          else if (ticket.state === 'open') {
            if (ticket.assigned_to !== employee.name)
              note(employee, `GET ticket ${candidate} (not given to them)`, view);
            hold(candidate, employee);
            ticketId = candidate;
          }
        } else {
          const list = await call(employee, 'GET', 'tickets?num=1');
          if (list.status !== 200) {
            note(employee, 'GET tickets', list);
            continue;
          }
          const open = (list.body as { openTickets: Summary[] }).openTickets;
          for (const summary of open) {
            hold(summary.id, employee);
            newestHandedOut = Math.max(newestHandedOut, summary.id);
          }
          if (open.length === 0) {
            emptyPolls += 1;
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          ticketId = open[0]!.id;
          const view = await call(employee, 'GET', `ticket?id=${ticketId}`);
          if (view.status !== 200 || (view.body as TicketView).assigned_to !== employee.name)
            note(employee, `GET ticket ${ticketId} (their next ticket)`, view);
        }
        if (ticketId === null) continue;
        const closed = await call(employee, 'DELETE', `ticket?id=${ticketId}`);
        if (closed.status === 200) {
          hold(ticketId, employee);
          closedBy.set(ticketId, [...(closedBy.get(ticketId) ?? []), employee.id]);
        } else note(employee, `DELETE ticket ${ticketId}`, closed);
      }
    }

    const started = Date.now();
    await Promise.all(employees.map((employee) => work(employee, started + GIVE_UP_MS)));
    const seconds = (Date.now() - started) / 1000;
    // Going offline hands back whatever someone still holds.
    for (const employee of employees)
      expect((await call(employee, 'PATCH', 'toggle_online', { online: false })).status).toBe(200);

    expect(unexpected.slice(0, 20)).toEqual([]);
    const heldByTwo = [...holders].filter(([, ids]) => ids.size > 1).map(([id, ids]) => `${id}: ${[...ids]}`);
    expect(heldByTwo).toEqual([]);
    expect([...closedBy].filter(([, who]) => who.length > 1)).toEqual([]);

    const rows = (
      (await database.db.execute(
        sql`select id::int as id, state, closed_by as "closedBy", assigned_to as "assignedTo",
                   archived_at is null and escalated_at is null as "inQueue"
              from tickets`,
      )) as unknown as {
        rows: Array<{
          id: number;
          state: string;
          closedBy: number | null;
          assignedTo: number | null;
          inQueue: boolean;
        }>;
      }
    ).rows;
    const closed = rows.filter((row) => row.state === 'closed');
    const waiting = rows.filter((row) => row.state === 'open' && row.assignedTo === null && row.inQueue);
    // None lost: every ticket closed or back in the queue, and the closed ones exactly those the
    // employees were told they closed, each by that employee.
    expect(closed.length + waiting.length).toBe(TICKETS);
    expect(closed.length).toBe(closedBy.size);
    expect(closed.filter((row) => closedBy.get(row.id)?.[0] !== row.closedBy)).toEqual([]);
    // The run did real work, on both processes.
    expect(closed.length, `closed in ${GIVE_UP_MS / 1000} s`).toBeGreaterThanOrEqual(CLOSES);
    expect(Math.min(...perProcess)).toBeGreaterThan(closed.length);
    console.log(
      `two-process queue: ${closed.length} tickets closed in ${seconds.toFixed(1)} s by ${EMPLOYEES} employees ` +
        `(${waiting.length} still queued, ${emptyPolls} polls found the queue empty); ` +
        `${perProcess.join(' + ')} requests; deep links: ${conflicts} to a ticket someone else held (409), ` +
        `${closedAlready} to a closed one`,
    );
  }, 240_000);
});
