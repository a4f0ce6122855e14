import {
  automaticStayOf,
  dateInTimeZone,
  storedMessageRoad,
  type ContactFacts,
  type ContactSettings,
  type DutyAuditBreach,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import { NO_CUSTOMER, timeZonesOfCustomer } from '../contact-rules/index.ts';
import type { FactCache } from './audit-facts.ts';
import { flagAt } from './flag-history.ts';
import { messageBreaches } from './message-duties.ts';
import { nextTurn, RECORDS_PER_TURN } from './next-turn.ts';
import * as repository from './repository.ts';

// One page of deliveries replayed (issue 39): each message with the facts as they stood when the
// provider took it (sent_at): the customer's flags then, the stay then, the collection texts
// delivered in the 7 days before, the customer's message it answers, where the customer may be.

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type Judged = repository.DeliveredRow & {
  sentAt: Date;
  channel: 'text' | 'email';
  path: ReturnType<typeof storedMessageRoad>['path'];
  purpose: ReturnType<typeof storedMessageRoad>['purpose'];
};

// The collection texts delivered to each customer, by delivery time: the weekly cap's count.
async function collectionTextsOf(db: Executor, page: readonly Judged[]) {
  const capped = page.filter(
    (message) => message.customerId !== null && message.channel === 'text' && message.purpose === 'collection',
  );
  const times = new Map<number, { at: number; id: number }[]>();
  if (capped.length === 0) return times;
  const rows = await repository.findTextsDelivered(db, [...new Set(capped.map((message) => message.customerId!))], {
    from: new Date(capped[0]!.sentAt.getTime() - WEEK_MS),
    to: new Date(capped.at(-1)!.sentAt.getTime() + 1),
  });
  for (const row of rows) {
    if (row.sentAt === null || row.customerId === null) continue;
    if (storedMessageRoad(row).purpose !== 'collection') continue;
    const list = times.get(row.customerId) ?? [];
    list.push({ at: row.sentAt.getTime(), id: row.id });
    times.set(row.customerId, list);
  }
  return times;
}

// Delivered before the message, in the 7 days before it (the gate counts those after now - 7 days).
function countWeekBefore(list: readonly { at: number; id: number }[] | undefined, message: Judged): number {
  if (!list) return 0;
  const at = message.sentAt.getTime();
  let count = 0;
  for (const entry of list) {
    if (entry.at <= at - WEEK_MS) continue;
    if (entry.at > at || (entry.at === at && entry.id >= message.id)) break;
    count += 1;
  }
  return count;
}

// The customers' messages these deliveries answer, kept only where the delivery is the first of
// ours to answer it, in its channel: the one answer a customer's message may have (decision 046).
async function answersOf(db: Executor, page: readonly Judged[]) {
  const ids = [
    ...new Set(page.flatMap((message) => (message.answersMessageId === null ? [] : [message.answersMessageId]))),
  ];
  const answered = ids.length === 0 ? [] : await repository.findAnsweredInbound(db, ids);
  return new Map(answered.map((row) => [row.id, row]));
}

function zonesOf(cache: FactCache, key: string, work: () => readonly string[]): readonly string[] {
  let zones = cache.zones.get(key);
  if (!zones) {
    zones = work();
    cache.zones.set(key, zones);
  }
  return zones;
}

export async function replayDeliveries(
  db: Executor,
  cache: FactCache,
  page: readonly repository.DeliveredRow[],
  context: { settings: ContactSettings; timeZone: string },
): Promise<DutyAuditBreach[]> {
  const judged: Judged[] = page.flatMap((row) => {
    if (row.sentAt === null) return [];
    const road = storedMessageRoad(row);
    // Mail to staff: no customer's duty applies.
    if (road.path === 'staff_mail') return [];
    return [{ ...row, sentAt: row.sentAt, channel: row.type === 'email' ? 'email' : 'text', ...road }];
  });
  await cache.loadCustomers(judged.flatMap((message) => (message.customerId === null ? [] : [message.customerId])));
  const texts = await collectionTextsOf(db, judged);
  const inbound = await answersOf(db, judged);
  const breaches: DutyAuditBreach[] = [];
  for (const [index, message] of judged.entries()) {
    if (index > 0 && index % RECORDS_PER_TURN === 0) await nextTurn();
    const at = message.sentAt;
    const answered = message.answersMessageId === null ? undefined : inbound.get(message.answersMessageId);
    const answer =
      answered && answered.inbound && answered.type === message.channel && Number(answered.firstAnswerId) === message.id
        ? { inboundAt: answered.createdAt }
        : null;
    const textTo = message.channel === 'text' ? message.toAddress : null;
    let facts: ContactFacts;
    if (message.customerId === null) {
      facts = {
        ...NO_CUSTOMER,
        zones: zonesOf(
          cache,
          `-|${textTo ?? ''}`,
          () => timeZonesOfCustomer({ state: null, zip: null, phone: textTo }).zones,
        ),
        answer,
      };
    } else {
      const customer = cache.customer(message.customerId);
      const dnc = flagAt(customer.flags.dnc, at);
      const attorney = flagAt(customer.flags.attorney, at);
      facts = {
        customerId: message.customerId,
        dnc: dnc.on,
        dncReason: dnc.note,
        cease: flagAt(customer.flags.cease, at).on,
        attorney: attorney.on,
        attorneyContext: attorney.note,
        // The day in the business time zone is asked only of customers with a case.
        bankruptcyStay:
          customer.cases.length === 0 ? null : automaticStayOf(customer.cases, dateInTimeZone(at, context.timeZone)),
        // The number texted is one more place the customer may be.
        zones: zonesOf(
          cache,
          `${message.customerId}|${textTo ?? ''}`,
          () =>
            timeZonesOfCustomer({
              state: customer.state,
              zip: customer.zip,
              phone: customer.phoneNumber,
              phones: textTo ? [textTo] : [],
            }).zones,
        ),
        answer,
        collectionTextsLast7Days:
          message.purpose === 'collection' && message.channel === 'text'
            ? countWeekBefore(texts.get(message.customerId), message)
            : 0,
      };
    }
    const request = { channel: message.channel, path: message.path, purpose: message.purpose, now: at };
    for (const finding of messageBreaches(facts, request, context.settings))
      breaches.push({
        record: 'message',
        record_id: message.id,
        customer_id: message.customerId,
        at: at.toISOString(),
        channel: message.channel,
        sending_path: message.path,
        purpose: message.purpose,
        ...finding,
      });
  }
  return breaches;
}
