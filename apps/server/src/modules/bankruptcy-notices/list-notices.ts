import {
  dateInTimeZone,
  NOTICES_PAGE_SIZE,
  type NoticeListItem,
  type UnprocessedNoticesFilters,
  type UnprocessedNoticesResponse,
  type UnprocessedNoticesView,
} from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import { pageWindow, pagination, type ListSource } from '../../platform/list-source.ts';
import { countUnprocessedNotices, findUnprocessedNotices } from './repository.ts';
import { toListItem } from './wire.ts';

// The unprocessed list at one moment (who holds a lease, what is overdue): read by the screen's call
// below and by the list's CSV export (issue 40), through the same two queries.
export function unprocessedNoticesList(
  context: Pick<BankruptcyNoticesDeps, 'clock' | 'businessTimeZone'>,
): ListSource<UnprocessedNoticesFilters, NoticeListItem> {
  const now = context.clock.now();
  const today = dateInTimeZone(now, context.businessTimeZone);
  return {
    count: (executor, filters) => countUnprocessedNotices(executor, filters, now, today),
    rows: async (executor, filters, window) =>
      (await findUnprocessedNotices(executor, filters, now, today, window)).map((row) =>
        toListItem(row, now, context.businessTimeZone),
      ),
  };
}

// GET bankruptcy_notices/unprocessed?page&status&due&sort: a page of the notices not yet processed
// that the filters keep, oldest first unless sorted otherwise (the order get-next hands them out in),
// with the count for the badge and the pager.
export async function listUnprocessedNotices(
  context: BankruptcyNoticesDeps,
  view: UnprocessedNoticesView,
): Promise<UnprocessedNoticesResponse> {
  const { page, ...filters } = view;
  const list = unprocessedNoticesList(context);
  const [total, notices] = await Promise.all([
    list.count(context.db, filters),
    list.rows(context.db, filters, pageWindow(page, NOTICES_PAGE_SIZE)),
  ]);
  return { notices, pagination: pagination(page, NOTICES_PAGE_SIZE, total) };
}
