import { dateInTimeZone, DISPUTES_PAGE_SIZE, type UnresolvedDisputesResponse } from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import { toDisputeListItem } from './dispute-wire.ts';
import { countUnresolvedDisputes, findUnresolvedPage } from './repository.ts';

// GET disputes_dashboard/unresolved_disputes?page: every unresolved dispute, the oldest due date
// first, DISPUTES_PAGE_SIZE a page. Two cheap reads of the partial index disputes_unresolved_idx
// (the count, the page), so a page past the end still knows the real number of pages: it answers
// an empty list, and the screen goes to the last page.
export async function listUnresolvedDisputes(context: DisputesDeps, page: number): Promise<UnresolvedDisputesResponse> {
  const now = context.clock.now();
  const today = dateInTimeZone(now, context.businessTimeZone);
  const [total, rows] = await Promise.all([
    countUnresolvedDisputes(context.db),
    findUnresolvedPage(context.db, DISPUTES_PAGE_SIZE, (page - 1) * DISPUTES_PAGE_SIZE),
  ]);
  return {
    disputes: rows.map((row) => toDisputeListItem(row.dispute, row.holderName, now, today)),
    meta: { current_page: page, total_pages: Math.ceil(total / DISPUTES_PAGE_SIZE), total_disputes: total },
  };
}
