import { describe, expect, it } from 'vitest';
import * as deadlines from './deadlines.ts';

// Each rule on dates worked out by hand on the 2026-2027 calendar: Veterans Day Wednesday 11
// November 2026, Thanksgiving Thursday 26 November, Christmas Friday 25 December, New Year's Day
// Friday 1 January 2027; New Year's Day 2028, a Saturday, is kept on Friday 31 December 2027.

describe('a period in calendar days', () => {
  it('ends that many days after its start when that day is a business day', () => {
    expect(deadlines.calendarDaysDeadline('2026-11-15', 30)).toBe('2026-12-15');
  });

  it('ends on the business day before a weekend or holiday, never after', () => {
    // Saturday 31 October 2026: Friday 30.
    expect(deadlines.calendarDaysDeadline('2026-10-01', 30)).toBe('2026-10-30');
    // Thanksgiving: the Wednesday before.
    expect(deadlines.calendarDaysDeadline('2026-10-27', 30)).toBe('2026-11-25');
    // Saturday 26 December, after Christmas on the Friday: Thursday 24.
    expect(deadlines.calendarDaysDeadline('2026-11-26', 30)).toBe('2026-12-24');
    // New Year's Day 2027: Thursday 31 December 2026.
    expect(deadlines.calendarDaysDeadline('2026-12-02', 30)).toBe('2026-12-31');
    // Friday 31 December 2027 is New Year's Day 2028 kept early: Thursday 30.
    expect(deadlines.calendarDaysDeadline('2027-12-01', 30)).toBe('2027-12-30');
  });
});

describe('the deadline of each queue', () => {
  it('an ACDV: 30 days from receipt, 45 once the consumer added information', () => {
    expect(deadlines.acdvResponseDueOn('2026-11-15', null)).toBe('2026-12-15');
    expect(deadlines.acdvResponseDueOn('2026-11-15', '2026-11-20')).toBe('2026-12-30');
    // 45 days from 10 November 2026 is Christmas: Thursday 24 December.
    expect(deadlines.acdvResponseDueOn('2026-11-10', '2026-11-12')).toBe('2026-12-24');
    expect(deadlines.acdvResponseDueOn('2026-10-27', null)).toBe('2026-11-25');
  });

  it("an ACDV: the bureau's Response Due Date when it is earlier than ours (it runs from the dispute)", () => {
    // Disputed 10-01, sent 10-08: the bureau's 30 days end 10-31 (a Saturday: met on Friday 30),
    // ours would be 11-06.
    expect(deadlines.acdvResponseDueOn('2026-10-08', null, '2026-10-31')).toBe('2026-10-30');
    expect(deadlines.acdvResponseDueOn('2026-10-08', null, '2026-11-04')).toBe('2026-11-04');
    // A later bureau date never stretches ours.
    expect(deadlines.acdvResponseDueOn('2026-10-08', null, '2026-11-20')).toBe('2026-11-06');
    // The consumer's information gives the bureau 15 more days: 10-31 + 15 = 11-15 (a Sunday: Friday
    // 13), earlier than ours at 45 days (11-22, a Sunday: Friday 20).
    expect(deadlines.acdvResponseDueOn('2026-10-08', '2026-10-20', '2026-10-31')).toBe('2026-11-13');
  });

  it('a direct dispute: 30 days from receipt', () => {
    // Columbus Day + 30 is Veterans Day: Tuesday 10 November.
    expect(deadlines.directDisputeDueOn('2026-10-12')).toBe('2026-11-10');
    expect(deadlines.directDisputeDueOn('2026-11-21')).toBe('2026-12-21');
  });

  it('the frivolous notice: 5 business days after the determination', () => {
    // Wednesday 25 November: Fri 27, Mon 30, Tue 1, Wed 2, Thu 3 December.
    expect(deadlines.frivolousNoticeDueOn('2026-11-25')).toBe('2026-12-03');
    // Made on a Saturday: counted from the Monday.
    expect(deadlines.frivolousNoticeDueOn('2026-11-21')).toBe('2026-11-30');
    // Across New Year's Day 2027: Tue 29, Wed 30, Thu 31, Mon 4, Tue 5.
    expect(deadlines.frivolousNoticeDueOn('2026-12-28')).toBe('2027-01-05');
  });

  it('a bankruptcy notice: 2 business days after receipt', () => {
    expect(deadlines.bankruptcyNoticeDueOn('2026-11-25')).toBe('2026-11-30');
    expect(deadlines.bankruptcyNoticeDueOn('2026-12-31')).toBe('2027-01-05');
    expect(deadlines.bankruptcyNoticeDueOn('2026-11-21')).toBe('2026-11-24');
  });

  it('a notice to mail: 3 business days after it became undelivered', () => {
    // Tuesday 24 November: Wed 25, Fri 27 (after Thanksgiving), Mon 30.
    expect(deadlines.noticeToMailDueOn('2026-11-24')).toBe('2026-11-30');
    // Undelivered on a Saturday: counted from the Monday.
    expect(deadlines.noticeToMailDueOn('2026-11-21')).toBe('2026-11-25');
    // Across Christmas (Friday 25 December): Thu 24, Mon 28, Tue 29.
    expect(deadlines.noticeToMailDueOn('2026-12-23')).toBe('2026-12-29');
  });

  it('a notice to mail is named by the road it was queued by, and never goes unnamed', () => {
    expect(deadlines.noticeToMailName('consumer_rights_notice')).toBe('consumer-rights notice');
    expect(deadlines.noticeToMailName('denial_notice')).toBe('adverse action notice');
    expect(deadlines.noticeToMailName(null)).toBe('legally required notice');
    expect(deadlines.noticeToMailName('toString')).toBe('legally required notice');
  });
});

describe('days left', () => {
  it('are counted in business days for a deadline counted so, 0 on the day', () => {
    expect(deadlines.daysLeft('2026-11-25', '2026-11-25', 'business')).toBe(0);
    // Friday 27 and Monday 30; Thanksgiving does not count.
    expect(deadlines.daysLeft('2026-11-30', '2026-11-25', 'business')).toBe(2);
  });

  it('are counted in calendar days for the FCRA periods: five calendar days late is -5, not -3', () => {
    expect(deadlines.daysLeft('2026-11-30', '2026-11-25', 'calendar')).toBe(5);
    // Due Wednesday 25 November, looked at on Monday 30: five days late, three business days.
    expect(deadlines.daysLeft('2026-11-25', '2026-11-30', 'calendar')).toBe(-5);
    expect(deadlines.daysLeft('2026-11-25', '2026-11-30', 'business')).toBe(-2);
    expect(deadlines.daysLeft('2026-11-25', '2026-11-25', 'calendar')).toBe(0);
  });

  it('each queue has its kind: the FCRA periods in calendar days, the rest in business days', () => {
    expect(deadlines.DEADLINE_DAY_KINDS).toEqual({
      acdv: 'calendar',
      dispute: 'calendar',
      dispute_frivolous_notice: 'business',
      bankruptcy_notice: 'business',
      notice_to_mail: 'business',
    });
  });

  it('are negative once overdue, -1 already on the weekend after a Friday deadline', () => {
    expect(deadlines.daysLeft('2026-11-27', '2026-11-28', 'business')).toBe(-1);
    expect(deadlines.daysLeft('2026-11-27', '2026-11-30', 'business')).toBe(-1);
    expect(deadlines.daysLeft('2026-11-27', '2026-11-30', 'calendar')).toBe(-3);
    // Wednesday 25 November to Tuesday 1 December: Fri 27, Mon 30, Tue 1.
    expect(deadlines.daysLeft('2026-11-25', '2026-12-01', 'business')).toBe(-3);
    expect(deadlines.isOverdue('2026-11-27', '2026-11-28')).toBe(true);
    expect(deadlines.isOverdue('2026-11-27', '2026-11-27')).toBe(false);
  });

  it('are worked out once per due date and kind, the same as daysLeft', () => {
    const standing = deadlines.deadlineStandings('2026-11-30');
    expect(standing('2026-11-25', 'business')).toEqual({
      due_on: '2026-11-25',
      days_left: -2,
      days_kind: 'business',
      overdue: true,
    });
    expect(standing('2026-11-25', 'calendar')).toMatchObject({ days_left: -5, days_kind: 'calendar' });
    expect(standing('2026-12-03', 'business')).toEqual({
      due_on: '2026-12-03',
      days_left: 3,
      days_kind: 'business',
      overdue: false,
    });
    expect(standing('2026-12-03', 'business')).toBe(standing('2026-12-03', 'business'));
  });
});

describe('days left in words', () => {
  it('says overdue, due today or how many are left, naming the kind of days', () => {
    expect([-3, -1, 0, 1, 4].map((days) => deadlines.describeDaysLeft(days, 'business'))).toEqual([
      'Overdue by 3 business days',
      'Overdue by 1 business day',
      'Due today',
      '1 business day left',
      '4 business days left',
    ]);
    expect([-5, 0, 1, 12].map((days) => deadlines.describeDaysLeft(days, 'calendar'))).toEqual([
      'Overdue by 5 calendar days',
      'Due today',
      '1 calendar day left',
      '12 calendar days left',
    ]);
  });
});

describe('the order of a deadlines list', () => {
  it('is the earliest due date first, then the queue, then the id', () => {
    const items = [
      { queue: 'bankruptcy_notice', id: 1, due_on: '2026-11-25' },
      { queue: 'acdv', id: 9, due_on: '2026-12-01' },
      { queue: 'dispute', id: 4, due_on: '2026-11-25' },
      { queue: 'dispute', id: 2, due_on: '2026-11-25' },
      { queue: 'acdv', id: 3, due_on: '2026-11-20' },
    ] as const;
    expect([...items].sort(deadlines.compareDeadlines).map((item) => `${item.queue} ${item.id}`)).toEqual([
      'acdv 3',
      'dispute 2',
      'dispute 4',
      'bankruptcy_notice 1',
      'acdv 9',
    ]);
  });
});

describe("the consumer's information on an ACDV", () => {
  const acdv = { receivedOn: '2026-10-01', bureauResponseDueOn: null, answered: false, consumerInfoAddedOn: null };

  it('extends it when it came during the 30 days, their last day included', () => {
    expect(deadlines.consumerInfoRefusal(acdv, '2026-10-15', '2026-11-05')).toBeNull();
    // Day 30 is Saturday 31 October: the deadline was moved to the Friday, the period was not.
    expect(deadlines.consumerInfoRefusal(acdv, '2026-10-31', '2026-11-02')).toBeNull();
    expect(deadlines.consumerInfoRefusal(acdv, '2026-10-01', '2026-10-01')).toBeNull();
  });

  it('refuses a date before the ACDV or in the future as wrong input', () => {
    expect(deadlines.consumerInfoRefusal(acdv, '2026-09-30', '2026-10-20')?.kind).toBe('invalid');
    expect(deadlines.consumerInfoRefusal(acdv, '2026-10-21', '2026-10-20')?.kind).toBe('invalid');
  });

  it('refuses after the 30 days, once answered, and a second time, as conflicts', () => {
    expect(deadlines.consumerInfoRefusal(acdv, '2026-11-01', '2026-11-02')).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('2026-10-31'),
    });
    expect(deadlines.consumerInfoRefusal({ ...acdv, answered: true }, '2026-10-15', '2026-10-20')?.kind).toBe(
      'conflict',
    );
    expect(
      deadlines.consumerInfoRefusal({ ...acdv, consumerInfoAddedOn: '2026-10-10' }, '2026-10-15', '2026-10-20')?.kind,
    ).toBe('conflict');
  });

  it("refuses information after the bureau's own period when that ended first", () => {
    const sentLate = { ...acdv, receivedOn: '2026-10-08', bureauResponseDueOn: '2026-10-31' };
    expect(deadlines.consumerInfoRefusal(sentLate, '2026-10-31', '2026-11-02')).toBeNull();
    expect(deadlines.consumerInfoRefusal(sentLate, '2026-11-01', '2026-11-02')).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('2026-10-31'),
    });
  });
});
