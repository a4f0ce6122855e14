import { ACDV_RESPONSE_DAYS, DISPUTE_DUE_DAYS } from '../constants.ts';
import { addBusinessDays, businessDaysBetween, isBusinessDay } from './business-days.ts';
import { addDays, daysBetween } from './dates.ts';
import type { SendingPath } from './sending-paths.ts';

// The legal deadlines of the back-office queues, on one clock (issue 30, decision 047): business
// days by the US federal holiday calendar (business-days.ts), on date-only values (YYYY-MM-DD) in
// the business time zone. Everything that stores or shows a due date asks here.
//
// - A period in calendar days (the FCRA's 30 and 45 days) ends that many days after its start; an
//   end on a weekend or federal holiday moves to the business day BEFORE it, so we are never late.
// - A period in business days (Regulation V's 5 business days) is counted with addBusinessDays.
// - Days left are counted in the deadline's own kind of days (issue 39): calendar days for the
//   FCRA's periods, business days for the ones counted so (DEADLINE_DAY_KINDS); negative once overdue.

// FCRA 611(a)(1)(B): 45 days instead of 30 when the consumer sends relevant information during the
// 30 days (an ACDV: 623(b)(2) gives the furnisher the bureau's period).
export const ACDV_EXTENDED_RESPONSE_DAYS = 45;
// 12 CFR 1022.43(f)(2): the notice of a frivolous or irrelevant determination, within 5 business
// days of the determination.
export const FRIVOLOUS_NOTICE_BUSINESS_DAYS = 5;
// Our own target, not the law's: a bankruptcy notice is processed within 2 business days of its
// receipt, since the automatic stay (11 U.S.C. 362) binds from the filing, whether we know or not.
export const BANKRUPTCY_NOTICE_TARGET_BUSINESS_DAYS = 2;
// Our own target too (issue 37): a legally required notice no channel carried (the adverse action
// notice, the 12 CFR 1041.9(c) consumer-rights notice) is mailed on paper within 3 business days of
// the day it became undelivered. The notices' own periods ran from the events that made them owed,
// so this is a ceiling, not leave to wait.
export const NOTICE_TO_MAIL_BUSINESS_DAYS = 3;

// The queues whose items have a deadline, in the order the screen lists them.
export const DEADLINE_QUEUES = [
  'acdv',
  'dispute',
  'dispute_frivolous_notice',
  'bankruptcy_notice',
  'notice_to_mail',
] as const;
export type DeadlineQueue = (typeof DEADLINE_QUEUES)[number];
export const DEADLINE_QUEUE_LABELS: Readonly<Record<DeadlineQueue, string>> = {
  acdv: 'ACDV responses',
  dispute: 'Direct disputes',
  dispute_frivolous_notice: 'Frivolous dispute notices',
  bankruptcy_notice: 'Bankruptcy notices',
  notice_to_mail: 'Notices to mail',
};

// The kind of days each queue's deadline is counted in, and its days left with it: the FCRA's
// periods (an ACDV's, a direct dispute's) are calendar days; Regulation V's frivolous notice and our
// own targets are business days.
export const DAY_KINDS = ['calendar', 'business'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
export const DEADLINE_DAY_KINDS: Readonly<Record<DeadlineQueue, DayKind>> = {
  acdv: 'calendar',
  dispute: 'calendar',
  dispute_frivolous_notice: 'business',
  bankruptcy_notice: 'business',
  notice_to_mail: 'business',
};

// The last business day on or before `date`: a deadline on a weekend or holiday is met the day before.
export function businessDayOnOrBefore(date: string): string {
  return isBusinessDay(date) ? date : addBusinessDays(date, -1);
}

// The end of a period of `days` calendar days from `start`: the last business day on or before it.
export function calendarDaysDeadline(start: string, days: number): string {
  return businessDayOnOrBefore(addDays(start, days));
}

// An ACDV's response (issue 39). Ours: 30 days from the day the bureau sent it (`receivedOn`), 45
// once the consumer added information. The bureau's own Response Due Date, when the ACDV carried
// one, runs from the consumer's dispute (FCRA 611(a)(1), 623(b)(2)) and so may be earlier: the
// earliest of the two applies. The consumer's information gives the bureau 15 more days
// (611(a)(1)(B)), so its date moves by as many. A date on a weekend or holiday is met the day before.
export function acdvResponseDueOn(
  receivedOn: string,
  consumerInfoAddedOn: string | null,
  bureauResponseDueOn: string | null = null,
): string {
  const extended = consumerInfoAddedOn !== null;
  const ours = calendarDaysDeadline(receivedOn, extended ? ACDV_EXTENDED_RESPONSE_DAYS : ACDV_RESPONSE_DAYS);
  if (bureauResponseDueOn === null) return ours;
  const bureaus = businessDayOnOrBefore(
    extended ? addDays(bureauResponseDueOn, ACDV_EXTENDED_RESPONSE_DAYS - ACDV_RESPONSE_DAYS) : bureauResponseDueOn,
  );
  return bureaus < ours ? bureaus : ours;
}

// A direct dispute's investigation and answer (12 CFR 1022.43(e)): 30 days from the day its letter
// reached us (1022.43(e)(3)), not from the day it was uploaded.
export function directDisputeDueOn(receivedOn: string): string {
  return calendarDaysDeadline(receivedOn, DISPUTE_DUE_DAYS);
}

// The notice of a frivolous determination, 5 business days after the day it was made.
export function frivolousNoticeDueOn(determinedOn: string): string {
  return addBusinessDays(determinedOn, FRIVOLOUS_NOTICE_BUSINESS_DAYS);
}

// A bankruptcy notice, processed within our target after the day it came in.
export function bankruptcyNoticeDueOn(receivedOn: string): string {
  return addBusinessDays(receivedOn, BANKRUPTCY_NOTICE_TARGET_BUSINESS_DAYS);
}

// A legally required notice to mail on paper, 3 business days after the day it became undelivered.
export function noticeToMailDueOn(undeliveredOn: string): string {
  return addBusinessDays(undeliveredOn, NOTICE_TO_MAIL_BUSINESS_DAYS);
}

// What a notice to mail is called on the deadlines screen, by the road it was queued by (a road
// not named here, or none, is still a legally required notice: never dropped for want of a name).
const NOTICE_NAMES = {
  denial_notice: 'adverse action notice',
  consumer_rights_notice: 'consumer-rights notice',
} as const satisfies Partial<Record<SendingPath, string>>;

export function noticeToMailName(sendingPath: string | null): string {
  return sendingPath !== null && Object.hasOwn(NOTICE_NAMES, sendingPath)
    ? NOTICE_NAMES[sendingPath as keyof typeof NOTICE_NAMES]
    : 'legally required notice';
}

export function isOverdue(dueOn: string, today: string): boolean {
  return dueOn < today;
}

// Days from today to the due date in the deadline's kind of days: 0 when due today, negative once
// overdue. An overdue item is at least 1 day late, also on the weekend after a Friday deadline
// counted in business days (no business day has passed yet, but the deadline has).
export function daysLeft(dueOn: string, today: string, kind: DayKind): number {
  const left = kind === 'calendar' ? daysBetween(today, dueOn) : businessDaysBetween(today, dueOn);
  return isOverdue(dueOn, today) ? Math.min(left, -1) : left;
}

// Days left in words, as every screen shows them, naming the kind of days.
export function describeDaysLeft(days: number, kind: DayKind): string {
  const unit = (count: number) => `${count} ${kind} day${count === 1 ? '' : 's'}`;
  if (days < 0) return `Overdue by ${unit(-days)}`;
  if (days === 0) return 'Due today';
  return `${unit(days)} left`;
}

export type DeadlineStanding = { due_on: string; days_left: number; days_kind: DayKind; overdue: boolean };

// Where due dates stand today, each distinct date and kind worked out once: ten thousand open items
// share a few dozen due dates, and counting business days walks the calendar day by day.
export function deadlineStandings(today: string): (dueOn: string, kind: DayKind) => DeadlineStanding {
  const known = new Map<string, DeadlineStanding>();
  return (dueOn, kind) => {
    const key = `${kind} ${dueOn}`;
    let standing = known.get(key);
    if (!standing) {
      standing = {
        due_on: dueOn,
        days_left: daysLeft(dueOn, today, kind),
        days_kind: kind,
        overdue: isOverdue(dueOn, today),
      };
      known.set(key, standing);
    }
    return standing;
  };
}

// The order of a deadlines list: the earliest due date first (so the overdue ones, whose dates are
// before today, come first), then by queue and id, so equal dates keep a stable order.
export function compareDeadlines(
  a: { due_on: string; queue: DeadlineQueue; id: number },
  b: { due_on: string; queue: DeadlineQueue; id: number },
): number {
  if (a.due_on !== b.due_on) return a.due_on < b.due_on ? -1 : 1;
  if (a.queue !== b.queue) return DEADLINE_QUEUES.indexOf(a.queue) - DEADLINE_QUEUES.indexOf(b.queue);
  return a.id - b.id;
}

// Why the consumer's information cannot move an ACDV to the 45-day date, or null when it can.
// 'invalid': the date itself is wrong (before the ACDV came, or in the future); 'conflict': the
// ACDV is past the point where it may (answered, already extended, information after the 30 days).
export type ConsumerInfoRefusal = { kind: 'invalid' | 'conflict'; message: string };

export function consumerInfoRefusal(
  acdv: {
    receivedOn: string;
    bureauResponseDueOn: string | null;
    answered: boolean;
    consumerInfoAddedOn: string | null;
  },
  infoReceivedOn: string,
  today: string,
): ConsumerInfoRefusal | null {
  if (infoReceivedOn > today)
    return { kind: 'invalid', message: 'The date the information came cannot be in the future.' };
  if (infoReceivedOn < acdv.receivedOn)
    return {
      kind: 'invalid',
      message: `The information cannot have come before the ACDV (received ${acdv.receivedOn}).`,
    };
  if (acdv.answered)
    return { kind: 'conflict', message: 'This ACDV is already answered: its deadline no longer runs.' };
  if (acdv.consumerInfoAddedOn !== null)
    return {
      kind: 'conflict',
      message: `The consumer's information was already recorded (received ${acdv.consumerInfoAddedOn}); the 45 days apply once.`,
    };
  // The 30-day period itself, not its end moved back to a business day: information that came on
  // its last day, a Saturday, still came during it. The bureau's period ends on its own date when
  // that is earlier (it runs from the consumer's dispute).
  const ours = addDays(acdv.receivedOn, ACDV_RESPONSE_DAYS);
  const periodEnd =
    acdv.bureauResponseDueOn !== null && acdv.bureauResponseDueOn < ours ? acdv.bureauResponseDueOn : ours;
  if (infoReceivedOn > periodEnd)
    return {
      kind: 'conflict',
      message: `Information received after the 30-day period (it ended ${periodEnd}) does not extend it to 45 days.`,
    };
  return null;
}
