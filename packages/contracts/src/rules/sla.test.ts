import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLA_TARGETS,
  formatSlaMinutes,
  parseSlaTargets,
  readSlaClock,
  slaSentence,
  type SlaClock,
} from './sla.ts';

const running: SlaClock = {
  target: 'first_reply',
  started_at: '2026-12-01T16:00:00.000Z',
  due_at: '2026-12-01T16:30:00.000Z',
  paused: false,
  target_minutes: 30,
  used_seconds: 0,
};

describe('parseSlaTargets', () => {
  it('reads the first-reply and next-reply minutes of both channels', () => {
    expect(parseSlaTargets(DEFAULT_SLA_TARGETS)).toEqual({
      text: { first_reply: 30, next_reply: 60 },
      email: { first_reply: 240, next_reply: 480 },
    });
    expect(parseSlaTargets(' email = 60/120 , text=5/10 ')).toEqual({
      text: { first_reply: 5, next_reply: 10 },
      email: { first_reply: 60, next_reply: 120 },
    });
  });

  it('refuses a missing or repeated channel, zero, a typo-sized target and anything else', () => {
    expect(parseSlaTargets('text=30/60')).toBeNull();
    expect(parseSlaTargets('text=30/60,text=30/60')).toBeNull();
    expect(parseSlaTargets('text=0/60,email=240/480')).toBeNull();
    expect(parseSlaTargets('text=30/60,email=240/999999')).toBeNull();
    expect(parseSlaTargets('text=30,email=240/480')).toBeNull();
    expect(parseSlaTargets('sms=30/60,email=240/480')).toBeNull();
    expect(parseSlaTargets('')).toBeNull();
  });
});

describe('readSlaClock and slaSentence', () => {
  it('counts the minutes to the due instant, rounded up', () => {
    const now = new Date('2026-12-01T16:05:30.000Z');
    expect(readSlaClock(running, now)).toEqual({ state: 'due', minutes: 25 });
    expect(slaSentence(running, now)).toBe('First reply due in 25 min');
  });

  it('is overdue from the due instant on', () => {
    expect(slaSentence(running, new Date('2026-12-01T16:30:00.000Z'))).toBe('First reply overdue now');
    expect(slaSentence({ ...running, target: 'next_reply' }, new Date('2026-12-01T17:35:59.000Z'))).toBe(
      'Next reply overdue by 1 h 5 min',
    );
  });

  it('says a paused clock waits on the customer, with the business minutes left', () => {
    const paused = { ...running, paused: true, due_at: null, used_seconds: 5 * 60 + 20 };
    expect(readSlaClock(paused, new Date())).toEqual({ state: 'paused', minutesLeft: 24 });
    expect(slaSentence(paused, new Date())).toBe('First reply paused, waiting on the customer (24 min left)');
  });

  it('formats spans by their two largest units', () => {
    expect(formatSlaMinutes(0)).toBe('0 min');
    expect(formatSlaMinutes(60)).toBe('1 h');
    expect(formatSlaMinutes(1441)).toBe('1 d');
    expect(formatSlaMinutes(1500)).toBe('1 d 1 h');
  });
});
