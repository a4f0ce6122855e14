import { PAGE_WINDOW_ALL_UP_TO, PAGE_WINDOW_AROUND } from '../constants.ts';

export type PageWindowItem = number | 'ellipsis-before' | 'ellipsis-after';

// The page buttons of a list (spec 001 section 9): every page when there are 7 or fewer; else the
// first, the last and 2 pages either side of the current one, with an ellipsis for each gap.
export function pageWindow(current: number, total: number): PageWindowItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(current, 1), total);
  if (total <= PAGE_WINDOW_ALL_UP_TO) return Array.from({ length: total }, (_, index) => index + 1);
  const from = Math.max(2, page - PAGE_WINDOW_AROUND);
  const to = Math.min(total - 1, page + PAGE_WINDOW_AROUND);
  const items: PageWindowItem[] = [1];
  if (from > 2) items.push('ellipsis-before');
  for (let number = from; number <= to; number += 1) items.push(number);
  if (to < total - 1) items.push('ellipsis-after');
  items.push(total);
  return items;
}

// The page to show when the total has shrunk under the one asked for (the last one), at least 1.
export function clampPage(page: number, totalPages: number): number {
  return Math.max(1, Math.min(page, Math.max(totalPages, 1)));
}
