// Reply-time targets (SLA clocks, issue 40, decision 066): per channel, how long a customer may wait
// for the first reply on a ticket and for each reply after, in business minutes (BUSINESS_HOURS).
// The database runs the clock (migration 0039); these are the configuration and how a clock reads.

export const slaTargetKinds = ['first_reply', 'next_reply'] as const;
export type SlaTargetKind = (typeof slaTargetKinds)[number];
export type SlaChannel = 'text' | 'email';
export type SlaTargets = Record<SlaChannel, Record<SlaTargetKind, number>>;

// Texts are answered within the hour; emails within half a business day, the next within a day.
export const DEFAULT_SLA_TARGETS = 'text=30/60,email=240/480';
// A target longer than four weeks of business hours is a typo, not a promise.
export const MAX_SLA_TARGET_MINUTES = 40 * 24 * 60;

// "text=30/60,email=240/480": for each channel, the first-reply and next-reply targets in business
// minutes. Both channels once each; null when it cannot be read.
export function parseSlaTargets(text: string): SlaTargets | null {
  const targets: Partial<SlaTargets> = {};
  for (const part of text.split(',')) {
    const match = /^\s*(text|email)\s*=\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(part);
    if (!match) return null;
    const [, channel, first, next] = match as unknown as [string, SlaChannel, string, string];
    const firstReply = Number(first);
    const nextReply = Number(next);
    if (channel in targets) return null;
    if ([firstReply, nextReply].some((minutes) => minutes < 1 || minutes > MAX_SLA_TARGET_MINUTES)) return null;
    targets[channel] = { first_reply: firstReply, next_reply: nextReply };
  }
  return targets.text && targets.email ? { text: targets.text, email: targets.email } : null;
}

// A ticket's clock as the wire carries it: which target runs, since when the customer waits, when it
// breaches if it keeps running (null while paused), and the business seconds already used.
export type SlaClock = {
  target: SlaTargetKind;
  started_at: string;
  due_at: string | null;
  paused: boolean;
  target_minutes: number;
  used_seconds: number;
};

export type SlaReading =
  | { state: 'due'; minutes: number }
  | { state: 'overdue'; minutes: number }
  | { state: 'paused'; minutesLeft: number };

// How the clock stands at `now`: due in (or overdue by) whole wall-clock minutes, or paused with the
// business minutes left. A running clock is overdue from its due instant on.
export function readSlaClock(clock: SlaClock, now: Date): SlaReading {
  if (clock.paused || clock.due_at === null) {
    return {
      state: 'paused',
      minutesLeft: Math.max(0, Math.floor((clock.target_minutes * 60 - clock.used_seconds) / 60)),
    };
  }
  const msLeft = Date.parse(clock.due_at) - now.getTime();
  if (msLeft <= 0) return { state: 'overdue', minutes: Math.floor(-msLeft / 60_000) };
  return { state: 'due', minutes: Math.ceil(msLeft / 60_000) };
}

export const SLA_TARGET_NAMES: Record<SlaTargetKind, string> = {
  first_reply: 'First reply',
  next_reply: 'Next reply',
};

// "45 min", "2 h 5 min", "3 d 4 h": a span in whole minutes, the two largest units.
export function formatSlaMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

// The clock in a sentence, for the ticket header and the queue: "First reply due in 25 min",
// "Next reply overdue by 1 h 5 min", "First reply paused, waiting on the customer (25 min left)".
export function slaSentence(clock: SlaClock, now: Date): string {
  const name = SLA_TARGET_NAMES[clock.target];
  const reading = readSlaClock(clock, now);
  if (reading.state === 'paused')
    return `${name} paused, waiting on the customer (${formatSlaMinutes(reading.minutesLeft)} left)`;
  if (reading.state === 'overdue')
    return reading.minutes === 0 ? `${name} overdue now` : `${name} overdue by ${formatSlaMinutes(reading.minutes)}`;
  return `${name} due in ${formatSlaMinutes(reading.minutes)}`;
}
