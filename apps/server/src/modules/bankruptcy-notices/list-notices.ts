import { NOTICES_PAGE_SIZE, type UnprocessedNoticesResponse } from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import { findUnprocessedNotices } from './repository.ts';
import { toListItem } from './wire.ts';

// GET bankruptcy_notices/unprocessed: a page of the notices not yet processed, oldest first (the
// order get-next hands them out in), with the count for the badge and the pager.
export async function listUnprocessedNotices(
  context: BankruptcyNoticesDeps,
  page: number,
): Promise<UnprocessedNoticesResponse> {
  const now = context.clock.now();
  const { rows, total } = await findUnprocessedNotices(context.db, NOTICES_PAGE_SIZE, (page - 1) * NOTICES_PAGE_SIZE);
  return {
    notices: rows.map((row) => toListItem(row, now, context.businessTimeZone)),
    // At least one page, so a client clamping its page to the last one never asks for page 0.
    pagination: {
      current_page: page,
      total_pages: Math.max(1, Math.ceil(total / NOTICES_PAGE_SIZE)),
      total_count: total,
    },
  };
}
