import {
  bankruptcyNoticeDueOn,
  compareDeadlines,
  dateInTimeZone,
  DEADLINE_QUEUE_LABELS,
  DEADLINE_QUEUES,
  deadlineStandings,
  disputeTypeLabel,
  frivolousNoticeDueOn,
  noticeToMailDueOn,
  noticeToMailName,
  noticeTypeLabel,
  type DeadlineCount,
  type DeadlineItem,
  type DeadlineQueue,
  type DeadlinesResponse,
  type DeadlineStanding,
} from '@portal/contracts';
import type { DeadlinesDeps } from './deps.ts';
import { businessToday } from '../../platform/business-date.ts';
import { findNoticesToMail, type NoticeToMail } from '../../platform/notices-to-mail.ts';
import { findOpenNoticeDeadlines } from '../bankruptcy-notices/index.ts';
import { findOpenAcdvDeadlines } from '../credit-reporting/index.ts';
import { findFrivolousNoticesDue, findOpenDisputeDeadlines } from '../disputes/index.ts';

// GET deadlines {scope}: every open item of the queues with a deadline (decision 047), the earliest
// due first (so the overdue ones lead), with the counts per queue. One statement per queue, each
// over its owner's partial index; ACDVs and disputes carry their due date, computed by the deadline
// engine when they were stored, and notices count theirs from the day they came. Every date is
// worked out once (thousands of items share a few dozen dates). Legally required notices no channel
// carried (issue 37) are platform's, which owns the messages: due 3 business days after the day they
// became undelivered, listed by scope=due_now whatever their date (no other screen lists them).

export type DeadlineScope = 'all' | 'due_now';

// A rule from a start date to a due date, worked out once per start date.
function oncePerDate(rule: (date: string) => string): (date: string) => string {
  const known = new Map<string, string>();
  return (date) => {
    let due = known.get(date);
    if (due === undefined) {
      due = rule(date);
      known.set(date, due);
    }
    return due;
  };
}

// A notice to mail, linked to its customer's user page (spec 000: /user?ID=...), where its text and
// the customer's mailing address are.
function noticeToMailItem(notice: NoticeToMail): Omit<DeadlineItem, keyof DeadlineStanding> {
  const name = noticeToMailName(notice.sendingPath);
  const whose = notice.customerId === null ? 'no customer linked' : `customer ${notice.customerId}`;
  return {
    queue: 'notice_to_mail',
    id: notice.id,
    // The message's id names it, as each queue's item is named by its own id.
    title: `${name[0]!.toUpperCase()}${name.slice(1)} #${notice.id} to mail, ${whose}`,
    // What it is and why no channel carried it (the provider's error, or the door's sentence).
    summary: `${notice.subject ?? 'No subject'} · the ${notice.type} was not delivered: ${notice.error ?? 'no reason recorded'}`,
    link: notice.customerId === null ? '/deadlines' : `/user?ID=${notice.customerId}`,
  };
}

export async function listDeadlines(context: DeadlinesDeps, scope: DeadlineScope): Promise<DeadlinesResponse> {
  const today = businessToday(context.clock, context.businessTimeZone);
  const [acdvs, disputes, frivolous, notices, toMail] = await Promise.all([
    findOpenAcdvDeadlines(context.db),
    findOpenDisputeDeadlines(context.db),
    findFrivolousNoticesDue(context.db, context.businessTimeZone),
    findOpenNoticeDeadlines(context.db, context.businessTimeZone),
    findNoticesToMail(context.db),
  ]);
  const standing = deadlineStandings(today);
  const noticeDue = oncePerDate(frivolousNoticeDueOn);
  const bankruptcyDue = oncePerDate(bankruptcyNoticeDueOn);
  const mailDue = oncePerDate(noticeToMailDueOn);

  const items: DeadlineItem[] = [
    ...acdvs.map((acdv) => ({
      queue: 'acdv' as const,
      id: acdv.id,
      ...standing(acdv.responseDueOn),
      title: `ACDV ${acdv.controlNumber}`,
      summary: [
        acdv.consumerName ?? 'Consumer not named',
        `dispute code ${acdv.disputeCode}`,
        ...(acdv.consumerInfoAddedOn ? ['45 days: the consumer added information'] : []),
      ].join(' · '),
      link: '/fcra',
    })),
    ...disputes.map((dispute) => ({
      queue: 'dispute' as const,
      id: dispute.id,
      ...standing(dispute.dueDate),
      title: `Dispute #${dispute.id}`,
      summary: `${dispute.consumerName ?? 'Name not read yet'} · ${disputeTypeLabel(dispute.type)}`,
      link: `/disputes/${dispute.id}`,
    })),
    ...frivolous.map((dispute) => ({
      queue: 'dispute_frivolous_notice' as const,
      id: dispute.id,
      ...standing(noticeDue(dispute.determinedOn)),
      title: `Frivolous notice, dispute #${dispute.id}`,
      summary: `${dispute.consumerName ?? 'Name not read yet'} · found frivolous ${dispute.determinedOn}: ${dispute.reason ?? ''}`,
      link: `/disputes/${dispute.id}`,
    })),
    ...notices.map((notice) => ({
      queue: 'bankruptcy_notice' as const,
      id: notice.id,
      ...standing(bankruptcyDue(notice.receivedOn)),
      title: `Bankruptcy notice #${notice.id}`,
      summary: `${notice.debtorName ?? 'Debtor not read yet'} · ${noticeTypeLabel(notice.type)} · received ${notice.receivedOn}`,
      link: `/bankruptcy/notice/${notice.id}`,
    })),
    ...toMail.map((notice) => {
      const dueOn = mailDue(dateInTimeZone(notice.undeliveredSince, context.businessTimeZone));
      return { ...noticeToMailItem(notice), ...standing(dueOn) };
    }),
  ];

  const counts = new Map<DeadlineQueue, DeadlineCount>(
    DEADLINE_QUEUES.map((queue) => [
      queue,
      { queue, label: DEADLINE_QUEUE_LABELS[queue], open: 0, due_today: 0, overdue: 0 },
    ]),
  );
  for (const item of items) {
    const count = counts.get(item.queue)!;
    count.open += 1;
    if (item.overdue) count.overdue += 1;
    else if (item.due_on === today) count.due_today += 1;
  }

  const listed =
    scope === 'due_now' ? items.filter((item) => item.due_on <= today || item.queue === 'notice_to_mail') : items;
  return { today, items: listed.sort(compareDeadlines), counts: [...counts.values()] };
}
