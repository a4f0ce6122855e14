import {
  readTimelineCursor,
  TIMELINE_CURSOR_MESSAGE,
  TIMELINE_KINDS,
  timelineCursor,
  type CallQuery,
  type CustomerTimelineResponse,
  type customerTimelineCalls,
} from '@portal/contracts';
import type { UserPageDeps } from './deps.ts';
import { badRequest, notFound } from '../../platform/http-error.ts';
import type { TimeBound } from '../../platform/time-keyset.ts';
import { customerExists } from '../customers/index.ts';
import { findEmployeeNames } from '../session/index.ts';
import { SOURCE_KINDS, SOURCE_NAMES, timelineSources, type SourceName, type SourceRow } from './timeline-sources.ts';

type TimelineQuery = CallQuery<typeof customerTimelineCalls.customerTimeline>;

// At the very same instant, the source listed first comes first.
const rankOf = (source: SourceName) => SOURCE_NAMES.length - SOURCE_NAMES.indexOf(source);

type Ranked = SourceRow & { source: SourceName; rank: number };

// Newest first: by time, then source, then id, each descending (the cursor's order).
function newestFirst(a: Ranked, b: Ranked): number {
  if (a.timeKey !== b.timeKey) return a.timeKey < b.timeKey ? 1 : -1;
  if (a.rank !== b.rank) return b.rank - a.rank;
  return b.id - a.id;
}

// Where a source's next page starts, from the end of the page before: the rows at the end's very
// time that still come after it are those of the sources ranked below the end's, and the end's own
// source's older ids.
function boundFor(source: SourceName, end: { at: string; source: SourceName; id: number } | null): TimeBound | null {
  if (end === null) return null;
  const [rank, endRank] = [rankOf(source), rankOf(end.source)];
  const sameTime = rank < endRank ? 'all' : rank > endRank ? 'none' : 'older ids';
  return { at: end.at, id: end.id, sameTime };
}

const isSource = (name: string): name is SourceName => (SOURCE_NAMES as readonly string[]).includes(name);

// GET customer_timeline {user_id, kinds, before, limit} (issue 40, decision 062): one page of the
// customer's history, newest first, across the kinds asked for (all without kinds). Each source is
// read through its owner, a page after the cursor (one row more than the page, to know whether
// another follows), and the pages are merged; a source never reads more than a page, so a page costs
// the same for a customer with 100,000 messages as for one with ten.
export async function customerTimeline(
  context: Pick<UserPageDeps, 'db' | 'businessTimeZone'>,
  query: TimelineQuery,
): Promise<CustomerTimelineResponse> {
  const { db } = context;
  const customerId = query.user_id;
  const cursor = query.before === undefined ? null : readTimelineCursor(query.before);
  if (cursor && !isSource(cursor.source)) throw badRequest(TIMELINE_CURSOR_MESSAGE);
  const end = cursor && isSource(cursor.source) ? { ...cursor, source: cursor.source } : null;
  if (!(await customerExists(db, customerId))) throw notFound(`Customer ${customerId} was not found.`);

  const kinds =
    query.kinds.length === 0 ? [...TIMELINE_KINDS] : TIMELINE_KINDS.filter((kind) => query.kinds.includes(kind));
  const sources = timelineSources({ db, customerId, timeZone: context.businessTimeZone });
  const chosen = SOURCE_NAMES.filter((source) => kinds.includes(SOURCE_KINDS[source]));
  const pages = await Promise.all(
    chosen.map(async (source) =>
      (await sources[source](boundFor(source, end), query.limit + 1)).map((row): Ranked => ({
        ...row,
        source,
        rank: rankOf(source),
      })),
    ),
  );
  const merged = pages.flat().sort(newestFirst);
  const page = merged.slice(0, query.limit);
  const names = await findEmployeeNames(
    db,
    page.flatMap((row) => row.employeeIds.filter((id): id is number => id !== null)),
  );
  const last = page.at(-1);
  return {
    user_id: customerId,
    kinds,
    items: page.map((row) => row.item(names)),
    next_before:
      merged.length > query.limit && last
        ? timelineCursor({ at: last.timeKey, source: last.source, id: last.id })
        : null,
  };
}
