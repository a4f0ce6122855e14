import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_EXPORT_HEADERS, LIST_EXPORT_MAX_ROWS, permissionRefusal } from '@portal/contracts';
import { auditEvents, bulkInsert, surveyAnswers, surveyQuestions, surveys, tickets } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { expectErrors } from '../../testing/error-answers.ts';
import { countRows } from '../../testing/row-counts.ts';
import { insertDispute } from '../../testing/dispute-test-helpers.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { LIST_EXPORTED_ACTION } from './export-list.ts';
import { maskLongNumbers } from './mask-numbers.ts';

// The lists' CSV exports (issue 40, decision 060): who may export which list, that the file is the
// list the screen shows under the same filters, written as RFC 4180 CSV that no spreadsheet runs as
// a formula, capped, and audited in the transaction that read it; a refusal writes nothing.

const t = useTestApp();
// Every list and the export (escalations: escalated tickets and lists.export; staff_admin: staff).
const supervisor = useStaffSession(t, ['agent', 'escalations', 'staff_admin']);
const agent = useStaffSession(t, ['agent']);
// Exports, but neither the staff list nor the escalated tickets.
const bankruptcyDesk = useStaffSession(t, ['bankruptcy']);

const get = (who: StaffSession, url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/internal/api/${url}`, headers: who.headers, query });

// RFC 4180 read back: quoted fields with doubled quotes, commas and line breaks inside them.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += character;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return rows;
}

function csvOf(response: { body: string; headers: Record<string, unknown> }): string[][] {
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  return parseCsv(response.body.slice(1));
}

const exportAudits = () => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, LIST_EXPORTED_ACTION));

describe('who may export', () => {
  it('refuses an employee without lists.export with a sentence, and writes nothing', async () => {
    const before = await countRows(t.database.db, auditEvents);
    for (const list of ['unresolved_disputes', 'unprocessed_notices', 'staff', 'archived_tickets', 'escalated_tickets'])
      expectErrors(await get(agent, `exports/${list}.csv`), 403, [permissionRefusal('lists.export')]);
    expectErrors(await get(agent, 'exports/survey_users.csv', { path: 'anything' }), 403, [
      permissionRefusal('lists.export'),
    ]);
    expect(await countRows(t.database.db, auditEvents)).toBe(before);
  });

  it("needs the list's own access too: the staff list for staff admins, escalated tickets for escalations", async () => {
    const before = await countRows(t.database.db, auditEvents);
    expectErrors(await get(bankruptcyDesk, 'exports/staff.csv'), 403, [permissionRefusal('staff.admin')]);
    expectErrors(await get(bankruptcyDesk, 'exports/escalated_tickets.csv'), 403, [
      permissionRefusal('tickets.view_escalated'),
    ]);
    expect(await countRows(t.database.db, auditEvents)).toBe(before);
    const allowed = await get(bankruptcyDesk, 'exports/archived_tickets.csv');
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses bad filters with 400 and a sentence, before anything is read or written', async () => {
    const before = await countRows(t.database.db, auditEvents);
    expectErrors(await get(supervisor, 'exports/unresolved_disputes.csv', { status: 'closed' }), 400, [
      'The status must be one of: all, unresolved, assigned.',
    ]);
    expectErrors(await get(supervisor, 'exports/archived_tickets.csv', { sort: 'subject' }), 400, [
      'The sort must be one of: archived_at, -archived_at, created_at, -created_at, id, -id.',
    ]);
    expectErrors(await get(supervisor, 'exports/staff.csv', { role: "x' or 1=1" }), 400, [
      'A role name is written in lowercase letters, digits and underscores.',
    ]);
    expectErrors(await get(supervisor, 'exports/survey_users.csv'), 400, ['Say which survey: its path is missing.']);
    expect(await countRows(t.database.db, auditEvents)).toBe(before);
    expectErrors(await get(supervisor, 'exports/survey_users.csv', { path: 'no-such-survey' }), 404, [
      "There is no survey at the path 'no-such-survey'. Pick one from the list of surveys.",
    ]);
    expect(await countRows(t.database.db, auditEvents)).toBe(before);
  });
});

describe('the unresolved disputes', () => {
  let ids: { heldOverdue: number; freeOverdue: number; heldLater: number; free: number; resolved: number };
  beforeAll(async () => {
    const db = t.database.db;
    const lease = { assignedTo: supervisor.employeeId, leaseExpiresAt: new Date(t.clock.now().getTime() + 600_000) };
    ids = {
      heldOverdue: (await insertDispute(db, { dueDate: '2026-11-01', firstName: 'Ann', lastName: 'Held', ...lease }))
        .id,
      freeOverdue: (
        await insertDispute(db, {
          dueDate: '2026-11-02',
          firstName: '=HYPERLINK("http://evil.example","click")',
          lastName: 'Smith, "Jr"',
        })
      ).id,
      heldLater: (await insertDispute(db, { dueDate: '2026-12-30', firstName: 'Cy', lastName: 'Held', ...lease })).id,
      free: (await insertDispute(db, { dueDate: '2026-12-31', firstName: '+Dee', lastName: '@Free' })).id,
      resolved: (await insertDispute(db, { dueDate: '2026-10-01', resolvedAt: new Date('2026-11-01T00:00:00Z') })).id,
    };
  });

  it("holds the rows the screen shows under the same filters, in the screen's order, and records the export", async () => {
    const filters = { status: 'assigned', sort: '-due_date' };
    const screen = await get(supervisor, 'disputes_dashboard/unresolved_disputes', filters);
    expect(screen.statusCode).toBe(200);
    const shown = screen.json().disputes.map((dispute: { id: number }) => dispute.id);
    expect(shown).toEqual([ids.heldLater, ids.heldOverdue]);

    const file = await get(supervisor, 'exports/unresolved_disputes.csv', filters);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="unresolved-disputes-2026-11-21.csv"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers[LIST_EXPORT_HEADERS.rows]).toBe('2');
    expect(file.headers[LIST_EXPORT_HEADERS.total]).toBe('2');
    expect(file.headers[LIST_EXPORT_HEADERS.truncated]).toBe('false');
    const rows = csvOf(file);
    expect(rows[0]).toEqual([
      'ID',
      'Customer Name',
      'User ID',
      'Status',
      'Assigned To',
      'Due Date',
      'Overdue',
      'Failed Attempts',
    ]);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(shown);
    expect(rows[2]).toEqual([
      String(ids.heldOverdue),
      'Ann Held',
      '',
      'assigned',
      expect.any(String),
      '2026-11-01',
      'Yes',
      '0',
    ]);

    const [event] = (await exportAudits()).filter((row) => row.entityId === 'unresolved_disputes');
    expect(event).toMatchObject({
      employeeId: supervisor.employeeId,
      entityType: 'list',
      after: {
        filters: { status: 'assigned', due: 'all', sort: '-due_date' },
        rows: 2,
        total: 2,
        truncated: false,
        file_name: 'unresolved-disputes-2026-11-21.csv',
      },
    });
  });

  it('filters the overdue and the free ones as the screen does', async () => {
    const overdueFree = { status: 'unresolved', due: 'overdue' };
    const screen = (await get(supervisor, 'disputes_dashboard/unresolved_disputes', overdueFree)).json();
    expect(screen.disputes.map((dispute: { id: number }) => dispute.id)).toEqual([ids.freeOverdue]);
    expect(screen.meta).toEqual({ current_page: 1, total_pages: 1, total_disputes: 1 });
    const rows = csvOf(await get(supervisor, 'exports/unresolved_disputes.csv', overdueFree));
    expect(rows.map((row) => row[0])).toEqual(['ID', String(ids.freeOverdue)]);
  });

  it('quotes as RFC 4180 says and keeps spreadsheets from running a cell as a formula', async () => {
    const file = await get(supervisor, 'exports/unresolved_disputes.csv', { status: 'unresolved', sort: 'id' });
    // Quotes doubled, a field with a comma or quote quoted, every line ending in CRLF.
    expect(file.body).toContain(`'=HYPERLINK(""http://evil.example"",""click"") Smith, ""Jr"""`);
    expect(file.body.split('\r\n').at(-1)).toBe('');
    expect(file.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const rows = csvOf(file);
    const names = rows.slice(1).map((row) => row[1]);
    expect(names).toEqual(['\'=HYPERLINK("http://evil.example","click") Smith, "Jr"', "'+Dee @Free"]);
    expect(rows.every((row) => row.length === rows[0]!.length)).toBe(true);
  });
});

describe('the archived and escalated tickets', () => {
  let archived: { ssn: number; email: number; old: number };
  beforeAll(async () => {
    const db = t.database.db;
    const day = (date: number) => new Date(Date.UTC(2026, 10, date, 15));
    archived = {
      ssn: (
        await createTicket(db, {
          contact: '5551234567',
          archivedAt: day(20),
          thread: ['my ssn is 123-45-6789 and account 000123456789'],
        })
      ).id,
      email: (
        await createTicket(db, {
          channel: 'email',
          contact: 'someone@example.com',
          subject: '-1+1 cmd|calc',
          archivedAt: day(19),
        })
      ).id,
      old: (await createTicket(db, { contact: '5559990000', archivedAt: day(1) })).id,
    };
    await createTicket(db, { contact: '5558887777', escalatedAt: day(18), escalatedBy: supervisor.employeeId });
    // Closed or still in the queue: on neither list.
    await createTicket(db, { contact: '5550000000', archivedAt: day(17), state: 'closed' });
    await createTicket(db, { contact: '5550000001' });
  });

  it('pages each list on its own screen call, filtered, without going online', async () => {
    const page = await get(agent, 'tickets/archived', { channel: 'text', sort: 'archived_at' });
    expect(page.statusCode).toBe(200);
    expect(page.json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual([archived.old, archived.ssn]);
    expect(page.json().pagination).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });
    const found = await get(agent, 'tickets/archived', { q: 'SOMEONE@' });
    expect(found.json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual([archived.email]);
    const byNumber = await get(agent, 'tickets/archived', { q: `#${archived.old}` });
    expect(byNumber.json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual([archived.old]);
    expectErrors(await get(agent, 'tickets/escalated'), 403, [permissionRefusal('tickets.view_escalated')]);
    expect((await get(supervisor, 'tickets/escalated')).json().pagination.total_count).toBe(1);
  });

  it("masks a customer's long numbers in the file and guards the text cells", async () => {
    const file = await get(supervisor, 'exports/archived_tickets.csv');
    const rows = csvOf(file);
    expect(rows[0]).toEqual([
      'Ticket ID',
      'User ID',
      'Name',
      'Channel',
      'Contact',
      'Subject',
      'Message',
      'Created At',
      'Archived At',
      'Escalated By',
    ]);
    const byId = new Map(rows.slice(1).map((row) => [Number(row[0]), row]));
    expect([...byId.keys()]).toEqual([archived.ssn, archived.email, archived.old]);
    expect(byId.get(archived.ssn)?.[6]).toBe('my ssn is ***-**-6789 and account ********6789');
    expect(file.body).not.toContain('123-45-6789');
    expect(file.body).not.toContain('000123456789');
    expect(byId.get(archived.email)?.[5]).toBe("'-1+1 cmd|calc");
    const escalated = csvOf(await get(supervisor, 'exports/escalated_tickets.csv'));
    expect(escalated).toHaveLength(2);
    expect(escalated[0]?.[8]).toBe('Escalated At');
  });

  it(`holds the first ${LIST_EXPORT_MAX_ROWS} rows of a longer list and says how many there were`, async () => {
    const extra = LIST_EXPORT_MAX_ROWS + 5 - 3;
    await bulkInsert(
      t.database.db,
      tickets,
      Array.from({ length: extra }, (_, index) => ({
        channel: 'text' as const,
        contact: `555${String(index).padStart(7, '0')}`,
        archivedAt: new Date(Date.UTC(2026, 9, 1) + index * 1000),
      })),
    );
    const file = await get(supervisor, 'exports/archived_tickets.csv');
    expect(file.statusCode).toBe(200);
    expect(file.headers[LIST_EXPORT_HEADERS.rows]).toBe(String(LIST_EXPORT_MAX_ROWS));
    expect(file.headers[LIST_EXPORT_HEADERS.total]).toBe(String(LIST_EXPORT_MAX_ROWS + 5));
    expect(file.headers[LIST_EXPORT_HEADERS.truncated]).toBe('true');
    const rows = csvOf(file);
    expect(rows).toHaveLength(LIST_EXPORT_MAX_ROWS + 1);
    // The first rows in the list's order (newest archived first): the three made above lead it.
    expect(rows.slice(1, 4).map((row) => Number(row[0]))).toEqual([archived.ssn, archived.email, archived.old]);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(LIST_EXPORT_MAX_ROWS);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, LIST_EXPORTED_ACTION), eq(auditEvents.entityId, 'archived_tickets')))
      // The latest export: by id (PostgreSQL answers an unordered select in whatever order it likes).
      .orderBy(asc(auditEvents.id));
    expect(events.at(-1)?.after).toMatchObject({
      rows: LIST_EXPORT_MAX_ROWS,
      total: LIST_EXPORT_MAX_ROWS + 5,
      truncated: true,
    });
  });
});

describe('the other lists', () => {
  it('exports the notices, the staff and the users who answered a survey under their filters', async () => {
    const notices = await get(supervisor, 'exports/unprocessed_notices.csv', { status: 'assigned', due: 'overdue' });
    expect(notices.statusCode).toBe(200);
    expect(csvOf(notices)).toEqual([
      ['ID', 'Customer', 'Type', 'Status', 'Received Date', 'Due On', 'Days Left', 'Overdue'],
    ]);

    const staffScreen = (await get(supervisor, 'staff/employees', { role: 'bankruptcy' })).json();
    expect(staffScreen.employees.map((employee: { id: number }) => employee.id)).toEqual([bankruptcyDesk.employeeId]);
    expect(staffScreen.pagination).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    const staff = csvOf(await get(supervisor, 'exports/staff.csv', { role: 'bankruptcy' }));
    expect(staff[0]).toEqual(['ID', 'Name', 'Email', 'Roles', 'MFA', 'Last Sign-in', 'Sessions', 'Status']);
    expect(staff.slice(1).map((row) => [Number(row[0]), row[3], row[7]])).toEqual([
      [bankruptcyDesk.employeeId, 'bankruptcy', 'Active'],
    ]);

    const [survey] = await t.database.db.insert(surveys).values({ path: 'exit-poll', name: 'Exit poll' }).returning();
    const [question] = await t.database.db
      .insert(surveyQuestions)
      .values({ surveyId: survey!.id, position: 1, question: 'Why?', format: 'text', choices: [] })
      .returning();
    const people = [
      await createCustomer(t.database.db, { firstName: 'Zoë', lastName: 'Ünal' }),
      await createCustomer(t.database.db, { firstName: 'Al', lastName: 'Bee' }),
    ];
    await bulkInsert(
      t.database.db,
      surveyAnswers,
      people.map((person, index) => ({
        surveyId: survey!.id,
        questionId: question!.id,
        customerId: person.id,
        answer: 'Because',
        answeredAt: new Date(Date.UTC(2026, 10, 10 + index)),
      })),
    );
    const file = await get(supervisor, 'exports/survey_users.csv', { path: 'exit-poll', sort: 'answered_at' });
    expect(file.headers['content-disposition']).toBe('attachment; filename="survey-users-exit-poll-2026-11-21.csv"');
    expect(csvOf(file)).toEqual([
      ['User ID', 'First Name', 'Last Name', 'Answered At'],
      [String(people[0]!.id), 'Zoë', 'Ünal', '2026-11-10T00:00:00.000Z'],
      [String(people[1]!.id), 'Al', 'Bee', '2026-11-11T00:00:00.000Z'],
    ]);
    const screen = (await get(supervisor, 'survey_results', { path: 'exit-poll', sort: 'answered_at' })).json();
    expect(screen.users.map((user: { id: number }) => user.id)).toEqual(people.map((person) => person.id));
    // Since a business day (America/Los_Angeles): Nov 11 00:00 UTC is still Nov 10 there.
    const since = { path: 'exit-poll', since: '2026-11-10', sort: 'answered_at' };
    const sinceScreen = (await get(supervisor, 'survey_results', since)).json();
    expect(sinceScreen.users.map((user: { id: number }) => user.id)).toEqual([people[1]!.id]);
    expect(sinceScreen.pagination.total_count).toBe(1);
    expect(sinceScreen.count).toBe(2);
    const sinceFile = csvOf(await get(supervisor, 'exports/survey_users.csv', since));
    expect(sinceFile.slice(1).map((row) => Number(row[0]))).toEqual([people[1]!.id]);
    expectErrors(await get(supervisor, 'exports/survey_users.csv', { path: 'exit-poll', since: '2026-02-30' }), 400, [
      'That date does not exist.',
    ]);
  });
});

describe('masking long numbers in free text', () => {
  it('keeps the last four digits of runs of nine or more, and leaves dates, amounts and short numbers', () => {
    expect(maskLongNumbers('SSN 123 45 6789, card 4111.1111.1111.1111')).toBe(
      'SSN *** ** 6789, card ****.****.****.1111',
    );
    expect(maskLongNumbers('paid $1,250.00 on 2026-11-21, loan 123456')).toBe(
      'paid $1,250.00 on 2026-11-21, loan 123456',
    );
    expect(maskLongNumbers(null)).toBeNull();
  });
});
