import {
  addDays,
  DUTY_AUDIT_MAX_LISTED,
  type DutyAuditBreach,
  type DutyAuditResponse,
  type DutyAuditRule,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { startOfBusinessDay } from '../../platform/business-date.ts';
import { returnCodeBook } from '../loans/index.ts';
import { createFactCache } from './audit-facts.ts';
import { debitBreaches } from './debit-duties.ts';
import type { DutyAuditDeps } from './deps.ts';
import { nextTurn, RECORDS_PER_TURN } from './next-turn.ts';
import { replayDeliveries } from './replay-deliveries.ts';
import * as repository from './repository.ts';

// GET duty_audit (issue 39, decision 059): every message delivered and every debit presented in the
// range, replayed against the duties as they stood then, from recorded facts only. Read in one
// read-only snapshot, streamed in pages by the time indexes, with a turn of the event loop between
// pages so the process keeps answering others; then one audit event says who ran it, on which
// range, and what it found (as the evidence pack records its builds).

export const DUTY_AUDIT_ACTION = 'compliance.duty_audit_run';
// Rows per page: large enough that a month of a million deliveries is 200 statements, small enough
// that a page's customers fit in one array parameter and a page's work in a few milliseconds.
export const DUTY_AUDIT_PAGE_SIZE = 5000;

type Tally = { count: number; listed: DutyAuditBreach[]; byRule: Partial<Record<DutyAuditRule, number>> };

function keep(tally: Tally, breaches: readonly DutyAuditBreach[]) {
  for (const breach of breaches) {
    tally.count += 1;
    tally.byRule[breach.rule] = (tally.byRule[breach.rule] ?? 0) + 1;
    if (tally.listed.length < DUTY_AUDIT_MAX_LISTED) tally.listed.push(breach);
  }
}

export type DutyAuditRange = { from: Date; to: Date };

// The replay itself, in the caller's transaction (the bench calls it too).
export async function auditDuties(tx: Executor, deps: Omit<DutyAuditDeps, 'db'>, range: DutyAuditRange) {
  const cache = createFactCache(tx, deps.businessTimeZone);
  const messages: Tally = { count: 0, listed: [], byRule: {} };
  const debits: Tally = { count: 0, listed: [], byRule: {} };
  let messagesChecked = 0;
  let debitsChecked = 0;

  let after: repository.Cursor = { at: range.from.toISOString(), id: 0 };
  for (;;) {
    const page = await repository.findDeliveredPage(tx, range, after, DUTY_AUDIT_PAGE_SIZE);
    if (page.length === 0) break;
    messagesChecked += page.length;
    keep(
      messages,
      await replayDeliveries(tx, cache, page, { settings: deps.contactRules, timeZone: deps.businessTimeZone }),
    );
    const last = page.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
    await nextTurn();
  }

  after = { at: range.from.toISOString(), id: 0 };
  for (;;) {
    const page = await repository.findPresentedPage(tx, range, after, DUTY_AUDIT_PAGE_SIZE);
    if (page.length === 0) break;
    debitsChecked += page.length;
    await cache.loadDebitFacts(page.map((debit) => debit.customerId));
    for (const [index, debit] of page.entries()) {
      if (index > 0 && index % RECORDS_PER_TURN === 0) await nextTurn();
      const presentedAt = debit.presentedAt!;
      const found = debitBreaches({ paymentId: debit.id, presentedAt }, cache.debit(debit.customerId), {
        timeZone: deps.businessTimeZone,
        returnCodes: returnCodeBook,
      });
      keep(
        debits,
        found.map((finding) => ({
          record: 'payment' as const,
          record_id: debit.id,
          customer_id: debit.customerId,
          at: presentedAt.toISOString(),
          channel: 'debit' as const,
          sending_path: null,
          purpose: null,
          ...finding,
        })),
      );
    }
    const last = page.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
    await nextTurn();
  }

  // The earliest breaches of both kinds, in time order.
  const listed = [...messages.listed, ...debits.listed]
    .sort((a, b) => a.at.localeCompare(b.at) || a.record.localeCompare(b.record) || a.record_id - b.record_id)
    .slice(0, DUTY_AUDIT_MAX_LISTED);
  const byRule: Partial<Record<DutyAuditRule, number>> = { ...messages.byRule, ...debits.byRule };
  return { messagesChecked, debitsChecked, breachCount: messages.count + debits.count, listed, byRule };
}

export async function runDutyAudit(
  deps: DutyAuditDeps,
  actor: Actor,
  query: { from: string; to: string },
): Promise<DutyAuditResponse> {
  const timeZone = deps.businessTimeZone;
  const range = {
    from: startOfBusinessDay(query.from, timeZone),
    to: startOfBusinessDay(addDays(query.to, 1), timeZone),
  };
  const result = await deps.db.transaction((tx) => auditDuties(tx, deps, range), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  // What the run found, as it is answered and as its audit event records it.
  const summary = {
    from: query.from,
    to: query.to,
    time_zone: timeZone,
    messages_checked: result.messagesChecked,
    debits_checked: result.debitsChecked,
    breach_count: result.breachCount,
    by_rule: result.byRule,
  };
  await recordAuditEvent(deps.db, {
    employeeId: actor.employeeId,
    action: DUTY_AUDIT_ACTION,
    entityType: 'duty_audit',
    entityId: null,
    after: summary,
    ipAddress: actor.ipAddress,
  });
  return { ...summary, truncated: result.breachCount > result.listed.length, breaches: result.listed };
}
