import {
  dateInTimeZone,
  DISPUTES_PAGE_SIZE,
  type DisputeListItem,
  type UnresolvedDisputesFilters,
  type UnresolvedDisputesResponse,
  type UnresolvedDisputesView,
} from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import { pageWindow, type ListSource } from '../../platform/list-source.ts';
import { toDisputeListItem } from './dispute-wire.ts';
import { countUnresolvedDisputes, findUnresolvedPage } from './repository.ts';

// The unresolved list at one moment (who holds a lease, what is overdue): read by the screen's call
// below and by the list's CSV export (issue 40), through the same two queries.
export function unresolvedDisputesList(
  context: Pick<DisputesDeps, 'clock' | 'businessTimeZone'>,
): ListSource<UnresolvedDisputesFilters, DisputeListItem> {
  const now = context.clock.now();
  const today = dateInTimeZone(now, context.businessTimeZone);
  return {
    count: (executor, filters) => countUnresolvedDisputes(executor, filters, now, today),
    rows: async (executor, filters, window) =>
      (await findUnresolvedPage(executor, filters, now, today, window)).map((row) =>
        toDisputeListItem(row.dispute, row.holderName, now, today),
      ),
  };
}

// GET disputes_dashboard/unresolved_disputes?page&status&due&sort: the unresolved disputes the
// filters keep, the oldest due date first unless sorted otherwise, DISPUTES_PAGE_SIZE a page. Two
// cheap reads of the partial index disputes_unresolved_idx (the count, the page), so a page past the
// end still knows the real number of pages: it answers an empty list, and the screen goes to the last.
export async function listUnresolvedDisputes(
  context: DisputesDeps,
  view: UnresolvedDisputesView,
): Promise<UnresolvedDisputesResponse> {
  const { page, ...filters } = view;
  const list = unresolvedDisputesList(context);
  const [total, disputes] = await Promise.all([
    list.count(context.db, filters),
    list.rows(context.db, filters, pageWindow(page, DISPUTES_PAGE_SIZE)),
  ]);
  return {
    disputes,
    meta: { current_page: page, total_pages: Math.ceil(total / DISPUTES_PAGE_SIZE), total_disputes: total },
  };
}
