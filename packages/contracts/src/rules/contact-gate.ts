import { addDays, dateInTimeZone, timeZoneOffsetMs } from './dates.ts';
import { SENDING_PATHS, type SendingPath } from './sending-paths.ts';

// The contact gate (issue 30, decision 046): the one rule every text and email to a customer passes
// before it is queued. It answers send now, hold until a time (the outbox sends it then), or refuse,
// with the sentence staff see before Send and the audit trail keeps.

export const messagePurposes = ['collection', 'servicing'] as const;
export type MessagePurpose = (typeof messagePurposes)[number];
export const MESSAGE_PURPOSE_LABELS: Record<MessagePurpose, string> = {
  collection: 'Collection',
  servicing: 'Servicing',
};

export type ContactSettings = {
  // Local minutes of the day: messages go out from windowStartMinute until windowEndMinute.
  windowStartMinute: number;
  windowEndMinute: number;
  // The one answer to a message the customer sent this many minutes ago or less, in its channel,
  // is never held for the hours (Regulation F comment 6(b)(1)-2).
  liveConversationMinutes: number;
  // The most collection texts a customer is sent in any 7 days (0: none at all).
  collectionTextsPer7Days: number;
};

export const DEFAULT_CONTACT_WINDOW = '08:00-21:00';
export const DEFAULT_CONTACT_SETTINGS: ContactSettings = {
  windowStartMinute: 8 * 60,
  windowEndMinute: 21 * 60,
  liveConversationMinutes: 5,
  collectionTextsPer7Days: 3,
};

// "08:00-21:00": the window's local start and end minutes, or null when it cannot be read.
export function parseContactWindow(text: string): { windowStartMinute: number; windowEndMinute: number } | null {
  const match = /^\s*(\d{2}):(\d{2})-(\d{2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [startHour, startMinute, endHour, endMinute] = match.slice(1).map(Number) as [number, number, number, number];
  if (startMinute > 59 || endMinute > 59) return null;
  const windowStartMinute = startHour * 60 + startMinute;
  const windowEndMinute = endHour * 60 + endMinute;
  if (windowEndMinute > 24 * 60 || windowStartMinute >= windowEndMinute) return null;
  return { windowStartMinute, windowEndMinute };
}

// What the gate knows of the customer when it decides (read under the customer's lock, when the
// message is queued and again when the outbox hands it to the provider).
export type ContactFacts = {
  customerId: number | null;
  dnc: boolean;
  dncReason: string | null;
  cease: boolean;
  attorney: boolean;
  // Who the attorney is, as staff wrote it when they set the flag.
  attorneyContext: string | null;
  // An open bankruptcy case while the automatic stay is in force (11 U.S.C. 362).
  bankruptcyStay: { caseNumber: string; chapter: number } | null;
  // Every time zone the customer may be in (their state, ZIP and phone's area code; all of them
  // when those disagree or are missing), and the sentence saying why when there is more than one.
  zones: readonly string[];
  // The customer's own message, in this message's channel, that this message answers (the one
  // answer it may have, or the acknowledgement): when they wrote it.
  answer: { inboundAt: Date } | null;
  // Collection texts sent or on their way to the customer in the 7 days before now (others than
  // this one).
  collectionTextsLast7Days: number;
};

export type ContactRequest = {
  channel: 'text' | 'email';
  // Where it comes from (SENDING_PATHS) and what it is about (purposeOfMessage): facts of the code,
  // never the caller's label.
  path: SendingPath;
  purpose: MessagePurpose;
  now: Date;
};

export type ContactRefusalRule = 'dnc' | 'cease' | 'attorney' | 'bankruptcy_stay' | 'collection_cap';

export type ContactVerdict =
  | { verdict: 'send'; sentence: string }
  | { verdict: 'hold'; until: Date; sentence: string }
  | { verdict: 'refuse'; rule: ContactRefusalRule; sentence: string };

export function doNotContactRefusal(customerId: number, reason: string | null): string {
  return `Customer ${customerId} is marked Do Not Contact${reason ? ` (${reason})` : ''}: no text or email can be sent to them.`;
}

// What a message is about, from facts: the road's own purpose; on a road where staff choose, the
// macro's purpose or collection when the agent says so; free text is servicing only as the one
// answer to the customer's own message. Where the purpose is unknown, it is collection.
export function purposeOfMessage(
  path: SendingPath,
  facts: { macroPurpose: MessagePurpose | null; chosen: MessagePurpose | null; answers: boolean },
): MessagePurpose {
  const fixed = SENDING_PATHS[path].purpose;
  if (fixed === 'collection' || fixed === 'servicing') return fixed;
  if (fixed === null) return 'servicing';
  if (facts.chosen === 'collection' || facts.macroPurpose === 'collection') return 'collection';
  if (facts.macroPurpose === 'servicing' || facts.answers) return 'servicing';
  return 'collection';
}

function stayRefusal(id: number, stay: { caseNumber: string; chapter: number }): ContactVerdict {
  return {
    verdict: 'refuse',
    rule: 'bankruptcy_stay',
    sentence: `Customer ${id} is in an open chapter ${stay.chapter} bankruptcy (case ${stay.caseNumber}) and the automatic stay is in force: only notices the law requires, receipts of what the customer asked for, and one answer to the customer's own message in the same channel can be sent.`,
  };
}

function refusal(facts: ContactFacts, request: ContactRequest, settings: ContactSettings): ContactVerdict | null {
  const id = facts.customerId;
  const { basis, answers } = SENDING_PATHS[request.path];
  if (id === null || basis === 'legally_required' || basis === 'employee') return null;
  if (facts.dnc) return { verdict: 'refuse', rule: 'dnc', sentence: doNotContactRefusal(id, facts.dncReason) };
  if (facts.cease)
    return {
      verdict: 'refuse',
      rule: 'cease',
      sentence: `Customer ${id} asked us to stop contacting them (cease communication): no text or email can be sent to them.`,
    };
  if (facts.attorney)
    return {
      verdict: 'refuse',
      rule: 'attorney',
      sentence: `An attorney represents customer ${id}${facts.attorneyContext ? ` (${facts.attorneyContext})` : ''}: contact the attorney, not the customer.`,
    };
  if (facts.bankruptcyStay) {
    // Under the stay (11 U.S.C. 362(a)(6)) what goes out is what the customer asked for, and the one
    // answer to their own message in its channel, when it is not about collecting.
    const answering = answers === 'one' && facts.answer !== null && request.purpose !== 'collection';
    if (basis !== 'requested' && !answering) return stayRefusal(id, facts.bankruptcyStay);
  }
  if (
    request.purpose === 'collection' &&
    request.channel === 'text' &&
    facts.collectionTextsLast7Days >= settings.collectionTextsPer7Days
  )
    return {
      verdict: 'refuse',
      rule: 'collection_cap',
      sentence: `Customer ${id} was sent ${facts.collectionTextsLast7Days} collection ${facts.collectionTextsLast7Days === 1 ? 'text' : 'texts'} in the last 7 days, the most allowed (${settings.collectionTextsPer7Days}): wait, or answer the customer when they write.`,
    };
  return null;
}

// The local minute of the day of an instant in a zone.
function localMinute(at: number, zone: string): number {
  const local = new Date(at + timeZoneOffsetMs(at, zone));
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

function inWindow(at: number, zone: string, settings: ContactSettings): boolean {
  const minute = localMinute(at, zone);
  return minute >= settings.windowStartMinute && minute < settings.windowEndMinute;
}

// The instant a local date's minute begins in a zone (checked twice, for the day DST changes).
function zonedInstant(date: string, minute: number, zone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const first = wall - timeZoneOffsetMs(wall, zone);
  return wall - timeZoneOffsetMs(first, zone);
}

// The first instant at or after `from` inside the window in every zone: the window opens at one of
// the zones' local start times, so those (over the next three days) are the candidates.
export function nextWindowOpening(from: Date, zones: readonly string[], settings: ContactSettings): Date {
  const at = from.getTime();
  if (zones.every((zone) => inWindow(at, zone, settings))) return from;
  const candidates = zones
    .flatMap((zone) =>
      [0, 1, 2, 3].map((days) =>
        zonedInstant(addDays(dateInTimeZone(from, zone), days), settings.windowStartMinute, zone),
      ),
    )
    .filter((candidate) => candidate > at)
    .sort((a, b) => a - b);
  const opening = candidates.find((candidate) => zones.every((zone) => inWindow(candidate, zone, settings)));
  // Zones too far apart to share a minute of the window: the first start in the earliest zone.
  return new Date(opening ?? candidates[0] ?? at);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

// "9:42 pm" in the zone.
export function clockTime(at: Date, zone: string): string {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    clockFormats.set(zone, format);
  }
  return format
    .format(at)
    .replace(/\s*AM$/, ' am')
    .replace(/\s*PM$/, ' pm');
}

// "Sat, Nov 28" in the zone.
function dayName(at: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' });
    dayFormats.set(zone, format);
  }
  return format.format(at);
}

// The verdict for one message: refusals first (the customer's flags, the bankruptcy stay, the
// collection cap), then the hours, which the one answer to the customer's message of a few minutes
// ago, in its channel, does not wait for.
export function contactVerdict(
  facts: ContactFacts,
  request: ContactRequest,
  settings: ContactSettings = DEFAULT_CONTACT_SETTINGS,
): ContactVerdict {
  const refused = refusal(facts, request, settings);
  if (refused) return refused;
  const what = request.channel === 'text' ? 'text' : 'email';
  const now = request.now;
  if (SENDING_PATHS[request.path].basis === 'employee')
    return { verdict: 'send', sentence: 'To an employee: the contact rules of customers do not apply.' };
  const sinceInbound = facts.answer ? now.getTime() - facts.answer.inboundAt.getTime() : Number.POSITIVE_INFINITY;
  if (sinceInbound >= 0 && sinceInbound <= settings.liveConversationMinutes * 60_000) {
    const minutes = Math.floor(sinceInbound / 60_000);
    const ago = minutes < 1 ? 'less than a minute ago' : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
    return {
      verdict: 'send',
      sentence: `The customer wrote ${ago}: the ${what} answering them goes out now, whatever the hour.`,
    };
  }
  const zones = facts.zones.length > 0 ? facts.zones : ['America/New_York'];
  const outside = zones.find((zone) => !inWindow(now.getTime(), zone, settings));
  const shown = outside ?? zones[0]!;
  const localNow = clockTime(now, shown);
  if (!outside) return { verdict: 'send', sentence: `It is ${localNow} for this customer: the ${what} goes out now.` };
  const until = nextWindowOpening(now, zones, settings);
  const sameDay = dateInTimeZone(until, shown) === dateInTimeZone(now, shown);
  return {
    verdict: 'hold',
    until,
    sentence: `It is ${localNow} for this customer; the ${what} will go out at ${clockTime(until, shown)}${sameDay ? '' : ` on ${dayName(until, shown)}`}.`,
  };
}
