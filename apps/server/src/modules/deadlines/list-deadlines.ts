import {
  compareDeadlines,
  dateInTimeZone,
  DEADLINE_DAY_KINDS,
  DEADLINE_QUEUE_LABELS,
  DEADLINE_QUEUE_PERMISSIONS,
  DEADLINE_QUEUES,
  deadlineCursor,
  deadlineQueuesOf,
  deadlineStandings,
  disputeTypeLabel,
  noticeToMailDueOn,
  noticeToMailName,
  noticeTypeLabel,
  permissionRefusal,
  readDeadlineCursor,
  type DeadlineCount,
  type DeadlineCursor,
  type DeadlineItem,
  type DeadlineQueue,
  type DeadlinesResponse,
  type DeadlineStanding,
} from '@portal/contracts';
import type { DeadlinesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { businessToday } from '../../platform/business-date.ts';
import type { Executor } from '@portal/db';
import { NO_DEADLINES, type DeadlineCounts, type DeadlinePageRequest } from '../../platform/deadline-pages.ts';
import { forbidden } from '../../platform/http-error.ts';
import { findNoticesToMail, type NoticeToMail } from '../../platform/notices-to-mail.ts';
import type { SharedReading } from '../../platform/shared-reading.ts';
import { findNoticeDeadlinePage } from '../bankruptcy-notices/index.ts';
import { findAcdvDeadlinePage } from '../credit-reporting/index.ts';
import { findDisputeDeadlinePage, findFrivolousNoticePage } from '../disputes/index.ts';
import { findDeadlineCounts } from './deadline-counts.ts';

// GET deadlines {scope, queues, after, limit} (decision 047, issue 39): the open items of the queues
// with a deadline, the earliest due first (so the overdue ones lead), a page at a time, with the
// counts per queue. The employee's own queues (those their permissions let them see) unless they ask
// for fewer; asking for another is refused. Each queue's owner answers a page over a partial index on
// (due date, id): a page asks each queue for at most `limit` items after the cursor and keeps the
// first `limit` of them in the list's order (due date, queue, id), so it costs the same however long
// the queue. The counts are the database's, kept per queue and due date by triggers
// (deadline_counts, deadline-counts.ts): a few hundred rows, however many items are open. Identical
// requests in flight share one reading (platform/shared-reading.ts). Legally required notices no
// channel carried (issue 37) are platform's, which owns the messages: due 3 business days after the
// day they became undelivered (no column holds it, so they are read whole: they are few), listed by
// scope=due_now whatever their date.

export type DeadlineScope = 'all' | 'due_now';
export type DeadlinesRequest = {
  scope: DeadlineScope;
  queues: readonly DeadlineQueue[];
  after?: string | undefined;
  limit: number;
};

type QueueItem = Omit<DeadlineItem, keyof DeadlineStanding> & { dueOn: string };

// A notice to mail, linked to its customer's user page (spec 000: /user?ID=...), where its text and
// the customer's mailing address are.
function noticeToMailItem(notice: NoticeToMail, dueOn: string): QueueItem {
  const name = noticeToMailName(notice.sendingPath);
  const whose = notice.customerId === null ? 'no customer linked' : `customer ${notice.customerId}`;
  return {
    queue: 'notice_to_mail',
    id: notice.id,
    dueOn,
    // The message's id names it, as each queue's item is named by its own id.
    title: `${name[0]!.toUpperCase()}${name.slice(1)} #${notice.id} to mail, ${whose}`,
    // What it is and why no channel carried it (the provider's error, or the door's sentence).
    summary: `${notice.subject ?? 'No subject'} · the ${notice.type} was not delivered: ${notice.error ?? 'no reason recorded'}`,
    link: notice.customerId === null ? '/deadlines' : `/user?ID=${notice.customerId}`,
  };
}

// Where a queue resumes after the cursor in the list's order (due date, queue, id): on the cursor's
// own queue after its id; on a later queue from the cursor's due date on; on an earlier one only
// past that date.
function resumeAfter(queue: DeadlineQueue, cursor: DeadlineCursor | null): DeadlinePageRequest['after'] {
  if (cursor === null) return null;
  const order = DEADLINE_QUEUES.indexOf(queue) - DEADLINE_QUEUES.indexOf(cursor.queue);
  return { dueOn: cursor.dueOn, id: order === 0 ? cursor.id : order > 0 ? 0 : Number.MAX_SAFE_INTEGER };
}

const isAfter = (after: DeadlinePageRequest['after'], dueOn: string, id: number) =>
  after === null || dueOn > after.dueOn || (dueOn === after.dueOn && id > after.id);

type QueueReader = { page: (request: DeadlinePageRequest) => Promise<QueueItem[]> };

function queueReaders(db: Executor, businessTimeZone: string, today: string) {
  // Read once per request: the notices to mail are few, and their due date is no column.
  let toMail: Promise<QueueItem[]> | null = null;
  const noticesToMail = () =>
    (toMail ??= findNoticesToMail(db).then((notices) =>
      notices
        .map((notice) =>
          noticeToMailItem(notice, noticeToMailDueOn(dateInTimeZone(notice.undeliveredSince, businessTimeZone))),
        )
        .sort((a, b) => (a.dueOn === b.dueOn ? a.id - b.id : a.dueOn < b.dueOn ? -1 : 1)),
    ));
  const readers: Record<DeadlineQueue, QueueReader> = {
    acdv: {
      page: async (request) =>
        (await findAcdvDeadlinePage(db, request)).map((acdv) => ({
          queue: 'acdv',
          id: acdv.id,
          dueOn: acdv.responseDueOn,
          title: `ACDV ${acdv.controlNumber}`,
          summary: [
            acdv.consumerName ?? 'Consumer not named',
            `dispute code ${acdv.disputeCode}`,
            ...(acdv.consumerInfoAddedOn ? ['45 days: the consumer added information'] : []),
          ].join(' · '),
          link: '/fcra',
        })),
    },
    dispute: {
      page: async (request) =>
        (await findDisputeDeadlinePage(db, request)).map((dispute) => ({
          queue: 'dispute',
          id: dispute.id,
          dueOn: dispute.dueDate,
          title: `Dispute #${dispute.id}`,
          summary: `${dispute.consumerName ?? 'Name not read yet'} · ${disputeTypeLabel(dispute.type)}`,
          link: `/disputes/${dispute.id}`,
        })),
    },
    dispute_frivolous_notice: {
      page: async (request) =>
        (await findFrivolousNoticePage(db, request, businessTimeZone)).map((dispute) => ({
          queue: 'dispute_frivolous_notice',
          id: dispute.id,
          dueOn: dispute.dueDate,
          title: `Frivolous notice, dispute #${dispute.id}`,
          summary: `${dispute.consumerName ?? 'Name not read yet'} · found frivolous ${dispute.determinedOn}: ${dispute.reason ?? ''}`,
          link: `/disputes/${dispute.id}`,
        })),
    },
    bankruptcy_notice: {
      page: async (request) =>
        (await findNoticeDeadlinePage(db, request, businessTimeZone)).map((notice) => ({
          queue: 'bankruptcy_notice',
          id: notice.id,
          dueOn: notice.dueOn,
          title: `Bankruptcy notice #${notice.id}`,
          summary: `${notice.debtorName ?? 'Debtor not read yet'} · ${noticeTypeLabel(notice.type)} · received ${notice.receivedOn}`,
          link: `/bankruptcy/notice/${notice.id}`,
        })),
    },
    notice_to_mail: {
      page: async (request) =>
        (await noticesToMail())
          .filter((item) => isAfter(request.after, item.dueOn, item.id))
          .filter((item) => request.dueOnOrBefore === null || item.dueOn <= request.dueOnOrBefore)
          .slice(0, request.limit),
    },
  };
  // The notices to mail are counted here (no trigger counts them: their due date is no column).
  const mailCounts = async (): Promise<DeadlineCounts> =>
    (await noticesToMail()).reduce(
      (counts, item) => ({
        open: counts.open + 1,
        overdue: counts.overdue + (item.dueOn < today ? 1 : 0),
        dueToday: counts.dueToday + (item.dueOn === today ? 1 : 0),
      }),
      NO_DEADLINES,
    );
  return { readers, mailCounts };
}

export async function listDeadlines(
  context: DeadlinesDeps,
  actor: Actor,
  request: DeadlinesRequest,
  share: SharedReading<DeadlinesResponse>,
): Promise<DeadlinesResponse> {
  const own = deadlineQueuesOf(actor.permissions);
  const refused = request.queues.find((queue) => !own.includes(queue));
  if (refused !== undefined) throw forbidden(permissionRefusal(DEADLINE_QUEUE_PERMISSIONS[refused]!));
  const queues = request.queues.length === 0 ? own : DEADLINE_QUEUES.filter((queue) => request.queues.includes(queue));
  const today = businessToday(context.clock, context.businessTimeZone);
  // The answer depends on nothing else of the employee: the desk's staff polling the same page at
  // once share one reading (own_queues, theirs, is put back on each).
  const key = [today, request.scope, queues.join(','), request.after ?? '', request.limit].join('|');
  const answer = await share(key, () => readDeadlines(context.db, context.businessTimeZone, today, queues, request));
  return { ...answer, own_queues: own };
}

// One page and the counts, each queue's statements at once: a reading takes as long as its slowest
// count, and since readings are shared, a page polled by a whole desk takes a few connections of
// the pool once, not a few for each employee.
async function readDeadlines(
  db: Executor,
  businessTimeZone: string,
  today: string,
  queues: readonly DeadlineQueue[],
  request: DeadlinesRequest,
): Promise<DeadlinesResponse> {
  const cursor = request.after === undefined ? null : readDeadlineCursor(request.after);
  const { readers, mailCounts } = queueReaders(db, businessTimeZone, today);
  const counted = queues.filter((queue) => queue !== 'notice_to_mail');
  const [pages, byQueue, mailed] = await Promise.all([
    Promise.all(
      queues.map((queue) =>
        readers[queue].page({
          after: resumeAfter(queue, cursor),
          dueOnOrBefore: request.scope === 'due_now' && queue !== 'notice_to_mail' ? today : null,
          // One more than a page, so the last page knows it is the last.
          limit: request.limit + 1,
        }),
      ),
    ),
    findDeadlineCounts(db, counted, today),
    queues.includes('notice_to_mail') ? mailCounts() : NO_DEADLINES,
  ]);
  const counts = queues.map((queue) => (queue === 'notice_to_mail' ? mailed : (byQueue.get(queue) ?? NO_DEADLINES)));

  const standing = deadlineStandings(today);
  const merged = pages
    .flat()
    .map(({ dueOn, ...item }): DeadlineItem => ({ ...item, ...standing(dueOn, DEADLINE_DAY_KINDS[item.queue]) }))
    .sort(compareDeadlines);
  const items = merged.slice(0, request.limit);
  const last = items.at(-1);
  return {
    today,
    queues: [...queues],
    own_queues: [],
    items,
    next_after: merged.length > request.limit && last ? deadlineCursor(last) : null,
    counts: queues.map((queue, index): DeadlineCount => ({
      queue,
      label: DEADLINE_QUEUE_LABELS[queue],
      open: counts[index]!.open,
      due_today: counts[index]!.dueToday,
      overdue: counts[index]!.overdue,
    })),
  };
}
