import { describe, expect, it } from 'vitest';
import { staffViewSchema } from '../staff.ts';
import { archivedTicketsViewSchema } from '../tickets.ts';
import { unresolvedDisputesViewSchema } from '../disputes.ts';
import { listExportFileName } from '../list-export-call.ts';
import { listViewDefaults, readListView, readSort, writeListView } from './list-view.ts';

const params = (query: string) => new URLSearchParams(query);

describe('a list view in the URL', () => {
  it('reads every field, and defaults for those the URL leaves out', () => {
    expect(readListView(staffViewSchema, params('q=ann&status=invited&page=3'))).toEqual({
      q: 'ann',
      status: 'invited',
      role: '',
      sort: 'name',
      page: 3,
    });
    expect(listViewDefaults(unresolvedDisputesViewSchema)).toEqual({
      status: 'all',
      due: 'all',
      sort: 'due_date',
      page: 1,
    });
  });

  it('puts a bad or stale value back to its default and keeps the good ones', () => {
    const view = readListView(
      unresolvedDisputesViewSchema,
      params('status=closed&due=overdue&sort=-nonsense&page=-2&extra=1'),
    );
    expect(view).toEqual({ status: 'all', due: 'overdue', sort: 'due_date', page: 1 });
    expect(readListView(archivedTicketsViewSchema, params('page=1e3&channel=fax&sort=-created_at')).page).toBe(1);
    expect(readListView(archivedTicketsViewSchema, params('page=99999999999')).page).toBe(1);
    expect(readListView(staffViewSchema, params(`q=${'x'.repeat(101)}&role=Bad Role`))).toMatchObject({
      q: '',
      role: '',
    });
  });

  it('writes only what differs from the defaults, in the same order every time', () => {
    expect(writeListView(staffViewSchema, { page: 2, q: 'ann', status: 'all', sort: 'name' }).toString()).toBe(
      'q=ann&page=2',
    );
    expect(writeListView(unresolvedDisputesViewSchema, listViewDefaults(unresolvedDisputesViewSchema)).toString()).toBe(
      '',
    );
    // What it writes it reads back.
    const view = { status: 'assigned', due: 'overdue', sort: '-id', page: 4 } as const;
    expect(readListView(unresolvedDisputesViewSchema, writeListView(unresolvedDisputesViewSchema, view))).toEqual(view);
  });

  it('says which column a sort orders by and which way', () => {
    expect(readSort('-due_date')).toEqual({ column: 'due_date', descending: true });
    expect(readSort('id')).toEqual({ column: 'id', descending: false });
  });

  it('refuses a bad value strictly on the server, in a sentence', () => {
    const parsed = unresolvedDisputesViewSchema.safeParse({ status: 'closed' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('The status must be one of: all, unresolved, assigned.');
    // A query string's bytes that are not UTF-8 stay escaped when parsed: not a search.
    expect(staffViewSchema.safeParse({ q: '%ED%A0%80' }).success).toBe(false);
    expect(staffViewSchema.safeParse({ q: '100% sure' }).success).toBe(true);
  });

  it('names export files by list, detail and date, with nothing a header could break on', () => {
    expect(listExportFileName('unresolved_disputes', '2026-12-03')).toBe('unresolved-disputes-2026-12-03.csv');
    expect(listExportFileName('survey_users', '2026-12-03', 'Loan "Experience"; x')).toBe(
      'survey-users-loan-experience-x-2026-12-03.csv',
    );
  });
});
