import { describe, expect, it } from 'vitest';
import { buildThread, isAged } from './thread.ts';
import { messageFixture, ticketFixture } from '../../test/ticket-fixtures.ts';

describe('buildThread', () => {
  it('merges the ticket messages with the customer texts and emails, once each, oldest first', () => {
    const first = messageFixture({ id: 1, created_at: '2026-03-01T10:00:00Z' });
    const reply = messageFixture({ id: 2, inbound: false, created_at: '2026-03-01T11:00:00Z' });
    const olderEmail = messageFixture({ id: 7, type: 'email', created_at: '2026-02-20T09:00:00Z' });
    const base = ticketFixture();
    const ticket = {
      ...base,
      messages: [first, reply],
      details: { ...base.details, inboundTexts: [first], inboundEmails: [olderEmail, reply] },
    };
    expect(buildThread(ticket).map((entry) => entry.id)).toEqual([7, 1, 2]);
  });
});

describe('isAged', () => {
  it('marks messages older than five days', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(isAged('2026-03-05T11:59:00Z', now)).toBe(true);
    expect(isAged('2026-03-05T12:01:00Z', now)).toBe(false);
  });
});
