import { describe, expect, it } from 'vitest';
import { STATE_TIME_ZONES, timeZonesOfState, UNKNOWN_STATE_TIME_ZONES } from '../reference/us-time-zones.ts';
import { US_STATES } from '../reference/us-states.ts';
import {
  contactVerdict,
  DEFAULT_CONTACT_SETTINGS,
  nextWindowOpening,
  parseContactWindow,
  type ContactFacts,
  type ContactRequest,
} from './contact-gate.ts';

// 2026-11-27 is a Friday; New York is UTC-5 and Los Angeles UTC-8 (standard time).
const at = (iso: string) => new Date(iso);
const facts = (overrides: Partial<ContactFacts> = {}): ContactFacts => ({
  customerId: 7,
  dnc: false,
  dncReason: null,
  cease: false,
  attorney: false,
  attorneyContext: null,
  bankruptcyStay: null,
  state: 'NY',
  lastInboundAt: null,
  collectionTextsLast7Days: 0,
  ...overrides,
});
const text = (now: string, overrides: Partial<ContactRequest> = {}): ContactRequest => ({
  channel: 'text',
  purpose: 'servicing',
  now: at(now),
  ...overrides,
});

describe('the quiet hours (8 am to 9 pm local)', () => {
  it('sends now inside the window, saying the local time', () => {
    expect(contactVerdict(facts(), text('2026-11-27T19:15:00Z'))).toEqual({
      verdict: 'send',
      sentence: 'It is 2:15 pm for this customer: the text goes out now.',
    });
  });

  it('holds a text written at 9:42 pm until 8:00 am the next day', () => {
    expect(contactVerdict(facts(), text('2026-11-28T02:42:00Z'))).toEqual({
      verdict: 'hold',
      until: at('2026-11-28T13:00:00Z'),
      sentence: 'It is 9:42 pm for this customer; the text will go out at 8:00 am on Sat, Nov 28.',
    });
  });

  it('holds one written early in the morning until 8:00 am the same day', () => {
    const verdict = contactVerdict(facts(), text('2026-11-27T11:30:00Z', { channel: 'email' }));
    expect(verdict).toEqual({
      verdict: 'hold',
      until: at('2026-11-27T13:00:00Z'),
      sentence: 'It is 6:30 am for this customer; the email will go out at 8:00 am.',
    });
  });

  it('treats 9:00 pm itself as closed and 8:00 am itself as open', () => {
    expect(contactVerdict(facts(), text('2026-11-28T02:00:00Z')).verdict).toBe('hold');
    expect(contactVerdict(facts(), text('2026-11-27T13:00:00Z')).verdict).toBe('send');
  });

  it('uses the customer state: 7 am in California is too early while it is 10 am in New York', () => {
    const verdict = contactVerdict(facts({ state: 'CA' }), text('2026-11-27T15:00:00Z'));
    expect(verdict).toMatchObject({ verdict: 'hold', until: at('2026-11-27T16:00:00Z') });
    expect(verdict.sentence).toBe('It is 7:00 am for this customer; the text will go out at 8:00 am.');
  });

  it('asks a state of two zones to suit both: 8:30 am in Miami is 7:30 am in the panhandle', () => {
    const verdict = contactVerdict(facts({ state: 'FL' }), text('2026-11-27T13:30:00Z'));
    expect(verdict).toMatchObject({ verdict: 'hold', until: at('2026-11-27T14:00:00Z') });
    expect(verdict.sentence).toBe('It is 7:30 am for this customer; the text will go out at 8:00 am.');
  });

  it('without a known state, waits for a time that suits every zone of the contiguous states', () => {
    // 8:00 am in Los Angeles (UTC-8) is the first minute suiting them all: 11 am in New York.
    const opening = nextWindowOpening(at('2026-11-27T14:00:00Z'), UNKNOWN_STATE_TIME_ZONES, DEFAULT_CONTACT_SETTINGS);
    expect(opening).toEqual(at('2026-11-27T16:00:00Z'));
    expect(contactVerdict(facts({ state: null }), text('2026-11-27T14:00:00Z')).verdict).toBe('hold');
    // 9 pm in New York closes it for everyone.
    expect(contactVerdict(facts({ state: null }), text('2026-11-28T02:00:00Z')).verdict).toBe('hold');
  });

  it('keeps local 8:00 am across the change to daylight saving time (8 March 2026)', () => {
    expect(nextWindowOpening(at('2026-03-08T03:00:00Z'), ['America/New_York'], DEFAULT_CONTACT_SETTINGS)).toEqual(
      at('2026-03-08T12:00:00Z'),
    );
  });

  it('does not hold an answer to a customer who wrote in the last 15 minutes', () => {
    expect(contactVerdict(facts({ lastInboundAt: at('2026-11-28T02:39:00Z') }), text('2026-11-28T02:42:00Z'))).toEqual({
      verdict: 'send',
      sentence: 'The customer wrote 3 minutes ago: the text goes out now, whatever the hour.',
    });
    expect(
      contactVerdict(facts({ lastInboundAt: at('2026-11-28T02:26:00Z') }), text('2026-11-28T02:42:00Z')).verdict,
    ).toBe('hold');
  });

  it('reads a configured window and refuses one that cannot be read', () => {
    expect(parseContactWindow('09:30-20:00')).toEqual({ windowStartMinute: 570, windowEndMinute: 1200 });
    expect(parseContactWindow('21:00-08:00')).toBeNull();
    expect(parseContactWindow('8-21')).toBeNull();
    expect(parseContactWindow('08:61-21:00')).toBeNull();
  });
});

describe('the refusals', () => {
  const noon = '2026-11-27T17:00:00Z';

  it('refuses everything to a customer marked Do Not Contact, with the reason', () => {
    expect(contactVerdict(facts({ dnc: true, dncReason: 'User requested' }), text(noon))).toEqual({
      verdict: 'refuse',
      rule: 'dnc',
      sentence: 'Customer 7 is marked Do Not Contact (User requested): no text or email can be sent to them.',
    });
  });

  it('refuses everything after a cease-communication request', () => {
    expect(contactVerdict(facts({ cease: true }), text(noon))).toMatchObject({ verdict: 'refuse', rule: 'cease' });
  });

  it('refuses everything to a customer an attorney represents, naming the attorney', () => {
    expect(contactVerdict(facts({ attorney: true, attorneyContext: 'J. Ruiz, 555-0100' }), text(noon))).toEqual({
      verdict: 'refuse',
      rule: 'attorney',
      sentence: 'An attorney represents customer 7 (J. Ruiz, 555-0100): contact the attorney, not the customer.',
    });
  });

  it('refuses collection messages while the automatic stay is in force, and allows servicing ones', () => {
    const inBankruptcy = facts({ bankruptcyStay: { caseNumber: '26-10234', chapter: 7 } });
    expect(contactVerdict(inBankruptcy, text(noon, { purpose: 'collection' }))).toMatchObject({
      verdict: 'refuse',
      rule: 'bankruptcy_stay',
    });
    expect(contactVerdict(inBankruptcy, text(noon, { purpose: 'servicing' })).verdict).toBe('send');
  });

  it('caps collection texts per 7 days, not emails and not servicing texts', () => {
    const busy = facts({ collectionTextsLast7Days: 3 });
    expect(contactVerdict(busy, text(noon, { purpose: 'collection' }))).toEqual({
      verdict: 'refuse',
      rule: 'collection_cap',
      sentence:
        'Customer 7 was sent 3 collection texts in the last 7 days, the most allowed (3): send a servicing message, or wait.',
    });
    expect(contactVerdict(facts({ collectionTextsLast7Days: 2 }), text(noon, { purpose: 'collection' })).verdict).toBe(
      'send',
    );
    expect(contactVerdict(busy, text(noon, { purpose: 'collection', channel: 'email' })).verdict).toBe('send');
    expect(contactVerdict(busy, text(noon)).verdict).toBe('send');
  });

  it('lets a notice the law requires past the flags, but not past the hours', () => {
    const flagged = facts({ dnc: true, cease: true, attorney: true });
    expect(contactVerdict(flagged, text(noon, { legallyRequired: true })).verdict).toBe('send');
    expect(contactVerdict(flagged, text('2026-11-28T03:00:00Z', { legallyRequired: true })).verdict).toBe('hold');
  });

  it('puts refusals before the hours: a refused message is never held', () => {
    expect(contactVerdict(facts({ dnc: true }), text('2026-11-28T03:00:00Z')).verdict).toBe('refuse');
  });
});

describe('the time zones of the states', () => {
  it('names at least one zone for every state and DC, and only zones the runtime knows', () => {
    for (const { code } of US_STATES) {
      const zones = STATE_TIME_ZONES[code];
      expect(zones.length, code).toBeGreaterThan(0);
      for (const zone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });

  it('falls back to every zone for a state it does not know', () => {
    expect(timeZonesOfState('tx')).toEqual(['America/Chicago', 'America/Denver']);
    expect(timeZonesOfState('ZZ')).toBe(UNKNOWN_STATE_TIME_ZONES);
    expect(timeZonesOfState(null)).toBe(UNKNOWN_STATE_TIME_ZONES);
  });
});
