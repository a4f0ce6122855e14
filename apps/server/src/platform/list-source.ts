import type { Executor } from '@portal/db';

// One list as its owner module answers it (issue 40, decision 060): how many rows its filters match,
// and a window of them in the list's order, as the wire shows them. The screen's call reads a page
// through it; the list's CSV export (modules/list-exports) reads the same rows a thousand at a time
// in one snapshot, so a list's query is written once, in its owner's repository.
export type ListWindow = { limit: number; offset: number };

export type ListSource<Filters, Row> = {
  count: (executor: Executor, filters: Filters) => Promise<number>;
  rows: (executor: Executor, filters: Filters, window: ListWindow) => Promise<Row[]>;
};

// The window of a screen's page (from 1).
export function pageWindow(page: number, pageSize: number): ListWindow {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

// The pager of a screen's page: at least one page, so a client clamping its page to the last one
// never asks for page 0.
export function pagination(page: number, pageSize: number, total: number) {
  return { current_page: page, total_pages: Math.max(1, Math.ceil(total / pageSize)), total_count: total };
}
