import { describe, expect, it } from 'vitest';
import { STATE_TIME_ZONES, timeZonesOfState, UNKNOWN_STATE_TIME_ZONES } from '../reference/us-time-zones.ts';
import { US_STATES } from '../reference/us-states.ts';
import {
  contactVerdict,
  DEFAULT_CONTACT_SETTINGS,
  nextWindowOpening,
  parseContactWindow,
  purposeOfMessage,
  type ContactFacts,
  type ContactRequest,
} from './contact-gate.ts';
import { SENDING_PATHS, sendingPaths } from './sending-paths.ts';

// 2026-11-27 is a Friday; New York is UTC-5 and Los Angeles UTC-8 (standard time).
const at = (iso: string) => new Date(iso);
const facts = (overrides: Partial<ContactFacts> & { state?: string | null } = {}): ContactFacts => {
  const { state = 'NY', ...rest } = overrides;
  return {
    customerId: 7,
    dnc: false,
    dncReason: null,
    cease: false,
    attorney: false,
    attorneyContext: null,
    bankruptcyStay: null,
    zones: timeZonesOfState(state),
    answer: null,
    collectionTextsLast7Days: 0,
    ...rest,
  };
};
// A staff text from the composer about servicing, unless told otherwise.
const text = (now: string, overrides: Partial<ContactRequest> = {}): ContactRequest => ({
  channel: 'text',
  path: 'composer',
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

  it('asks every zone the customer may be in to suit: New York and Honolulu together', () => {
    const both = facts({ zones: ['America/New_York', 'Pacific/Honolulu'] });
    // 2 pm in New York is 9 am in Honolulu: open for both; 5 pm in Honolulu is 10 pm in New York.
    expect(contactVerdict(both, text('2026-11-27T19:00:00Z')).verdict).toBe('send');
    expect(contactVerdict(both, text('2026-11-28T03:00:00Z'))).toMatchObject({
      verdict: 'hold',
      until: at('2026-11-28T18:00:00Z'),
    });
  });

  it('keeps local 8:00 am across the change to daylight saving time (8 March 2026)', () => {
    expect(nextWindowOpening(at('2026-03-08T03:00:00Z'), ['America/New_York'], DEFAULT_CONTACT_SETTINGS)).toEqual(
      at('2026-03-08T12:00:00Z'),
    );
  });

  it('does not hold the one answer to a customer who wrote in the last 5 minutes', () => {
    expect(
      contactVerdict(facts({ answer: { inboundAt: at('2026-11-28T02:39:00Z') } }), text('2026-11-28T02:42:00Z')),
    ).toEqual({
      verdict: 'send',
      sentence: 'The customer wrote 3 minutes ago: the text answering them goes out now, whatever the hour.',
    });
    expect(
      contactVerdict(facts({ answer: { inboundAt: at('2026-11-28T02:36:00Z') } }), text('2026-11-28T02:42:00Z'))
        .verdict,
    ).toBe('hold');
  });

  it('holds a message that answers nothing, however recently the customer wrote', () => {
    // The gate gives a message an answer only in the customer's channel, once (gate.ts): without
    // one, the hours apply.
    expect(contactVerdict(facts({ answer: null }), text('2026-11-28T04:20:00Z')).verdict).toBe('hold');
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
    expect(contactVerdict(facts({ cease: true }), text(noon, { path: 'password_reset' })).verdict).toBe('refuse');
  });

  it('refuses everything to a customer an attorney represents, naming the attorney', () => {
    expect(contactVerdict(facts({ attorney: true, attorneyContext: 'J. Ruiz, 555-0100' }), text(noon))).toEqual({
      verdict: 'refuse',
      rule: 'attorney',
      sentence: 'An attorney represents customer 7 (J. Ruiz, 555-0100): contact the attorney, not the customer.',
    });
  });

  it('caps collection texts per 7 days, not emails and not servicing texts', () => {
    const busy = facts({ collectionTextsLast7Days: 3 });
    expect(contactVerdict(busy, text(noon, { purpose: 'collection' }))).toEqual({
      verdict: 'refuse',
      rule: 'collection_cap',
      sentence:
        'Customer 7 was sent 3 collection texts in the last 7 days, the most allowed (3): wait, or answer the customer when they write.',
    });
    expect(contactVerdict(facts({ collectionTextsLast7Days: 2 }), text(noon, { purpose: 'collection' })).verdict).toBe(
      'send',
    );
    expect(contactVerdict(busy, text(noon, { purpose: 'collection', channel: 'email' })).verdict).toBe('send');
    expect(contactVerdict(busy, text(noon)).verdict).toBe('send');
  });

  it('lets a notice the law requires past the flags and the stay, but not past the hours', () => {
    const flagged = facts({
      dnc: true,
      cease: true,
      attorney: true,
      bankruptcyStay: { caseNumber: '26-1', chapter: 7 },
    });
    for (const path of ['denial_notice', 'consumer_rights_notice'] as const) {
      expect(contactVerdict(flagged, text(noon, { path, channel: 'email' })).verdict).toBe('send');
      expect(contactVerdict(flagged, text('2026-11-28T03:00:00Z', { path, channel: 'email' })).verdict).toBe('hold');
    }
  });

  it('puts refusals before the hours: a refused message is never held', () => {
    expect(contactVerdict(facts({ dnc: true }), text('2026-11-28T03:00:00Z')).verdict).toBe('refuse');
  });
});

describe('the bankruptcy stay, by facts (11 U.S.C. 362(a)(6))', () => {
  const noon = '2026-11-27T17:00:00Z';
  const stayed = (overrides: Partial<ContactFacts> = {}) =>
    facts({ bankruptcyStay: { caseNumber: '26-10234', chapter: 7 }, ...overrides });
  const answered = { answer: { inboundAt: at('2026-11-27T09:00:00Z') } };

  it('refuses what staff write, whatever purpose it is labelled with', () => {
    for (const purpose of ['servicing', 'collection'] as const)
      expect(contactVerdict(stayed(), text(noon, { purpose }))).toEqual({
        verdict: 'refuse',
        rule: 'bankruptcy_stay',
        sentence:
          "Customer 7 is in an open chapter 7 bankruptcy (case 26-10234) and the automatic stay is in force: only notices the law requires, receipts of what the customer asked for, and one answer to the customer's own message in the same channel can be sent.",
      });
  });

  it('refuses every letter, the payoff message and document requests', () => {
    for (const path of ['collection_letter', 'servicing_letter', 'payoff_balance', 'document_request'] as const)
      expect(contactVerdict(stayed(), text(noon, { path, channel: 'email' })).verdict, path).toBe('refuse');
  });

  it('lets the receipts of what the customer asked for go', () => {
    for (const path of ['password_reset', 'approval_text', 'auto_response'] as const)
      expect(contactVerdict(stayed(), text(noon, { path })).verdict, path).toBe('send');
  });

  it('lets the one answer to the customer own message go, unless it is about collecting', () => {
    expect(contactVerdict(stayed(answered), text(noon, { path: 'ticket_reply' })).verdict).toBe('send');
    expect(contactVerdict(stayed(answered), text(noon, { path: 'composer' })).verdict).toBe('send');
    expect(contactVerdict(stayed(answered), text(noon, { path: 'ticket_reply', purpose: 'collection' })).verdict).toBe(
      'refuse',
    );
  });
});

describe('what a message is about (purposeOfMessage)', () => {
  it('takes the road purpose where the road has one', () => {
    expect(
      purposeOfMessage('collection_letter', { macroPurpose: 'servicing', chosen: 'servicing', answers: true }),
    ).toBe('collection');
    expect(purposeOfMessage('password_reset', { macroPurpose: null, chosen: 'collection', answers: false })).toBe(
      'servicing',
    );
  });

  it("never lets the agent's servicing label open a door: a collection macro stays collection", () => {
    expect(purposeOfMessage('ticket_reply', { macroPurpose: 'collection', chosen: 'servicing', answers: true })).toBe(
      'collection',
    );
    expect(purposeOfMessage('ticket_reply', { macroPurpose: 'servicing', chosen: 'collection', answers: true })).toBe(
      'collection',
    );
    expect(purposeOfMessage('ticket_reply', { macroPurpose: 'servicing', chosen: null, answers: false })).toBe(
      'servicing',
    );
  });

  it('counts free text as collection unless it is the one answer to the customer', () => {
    expect(purposeOfMessage('composer', { macroPurpose: null, chosen: 'servicing', answers: false })).toBe(
      'collection',
    );
    expect(purposeOfMessage('composer', { macroPurpose: null, chosen: null, answers: true })).toBe('servicing');
  });

  it('names a basis for every road of the registry', () => {
    for (const path of sendingPaths)
      expect(['legally_required', 'requested', 'staff', 'employee']).toContain(SENDING_PATHS[path].basis);
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
