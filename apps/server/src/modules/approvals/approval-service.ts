import {
  centsToDollars,
  awaitingApprovalSentence,
  dateInTimeZone,
  formatNoticeDate,
  type Approval,
  type ApprovalAction,
  type ApprovalDecisionResponse,
  type ApprovalsResponse,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { ApprovalsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, forbidden, notFound } from '../../platform/http-error.ts';
import { findEmployeeNames } from '../session/index.ts';
import * as repository from './repository.ts';
import type { ApprovalRecord } from './repository.ts';

// Four eyes (issue 41, decision 069). An action over its threshold is not done but recorded as
// waiting, by its maker, in the maker's transaction (requestApproval); a second employee with
// approvals.decide, never the maker, approves it (the owning module carries it out, with its rules
// as they stand then, in the same transaction) or rejects it with a reason; one left waiting past
// APPROVAL_EXPIRY_HOURS expires. Every step is audited.

const INBOX_LIMIT = 200;

export type ApprovalRequest = {
  action: ApprovalAction;
  entityType: string;
  entityId: string | number;
  loanId: number | null;
  customerId: number | null;
  amountCents: number | null;
  summary: string;
  // What the carrier needs to do it as asked.
  payload: Record<string, unknown>;
};

type RequestContext = Pick<ApprovalsDeps, 'clock' | 'approvals'> & { businessTimeZone: string };

// Marks expired what ran out of time, each audited as the system's.
async function expireDue(tx: Executor, now: Date): Promise<void> {
  for (const expired of await repository.expireDueApprovals(tx, now))
    await recordAuditEvent(tx, {
      employeeId: null,
      action: 'approval.expired',
      entityType: 'approval',
      entityId: expired.id,
      after: {
        action: expired.action,
        summary: expired.summary,
        made_by: expired.madeBy,
        expired_at: expired.expiresAt,
      },
    });
}

// Records the action as waiting (in the caller's transaction) and answers it; a second request for
// the same action on the same thing is refused while the first waits.
export async function requestApproval(
  tx: Executor,
  context: RequestContext,
  actor: Actor,
  request: ApprovalRequest,
): Promise<ApprovalRecord> {
  const now = context.clock.now();
  await expireDue(tx, now);
  const key = { action: request.action, entityType: request.entityType, entityId: String(request.entityId) };
  const row = await repository.insertApproval(tx, {
    ...key,
    loanId: request.loanId,
    customerId: request.customerId,
    amountCents: request.amountCents,
    summary: request.summary,
    payload: request.payload,
    madeBy: actor.employeeId,
    madeAt: now,
    expiresAt: new Date(now.getTime() + context.approvals.expiryHours * 3_600_000),
  });
  if (!row) {
    const waiting = await repository.findPendingApproval(tx, key);
    const who = waiting ? (await findEmployeeNames(tx, [waiting.madeBy])).get(waiting.madeBy) : undefined;
    throw conflict(
      `${request.summary.split(' (')[0]} is already awaiting approval${who ? ` (asked by ${who})` : ''}; a second employee decides it in Approvals.`,
    );
  }
  await recordAuditEvent(tx, {
    employeeId: actor.employeeId,
    action: 'approval.requested',
    entityType: 'approval',
    entityId: row.id,
    after: {
      action: row.action,
      summary: row.summary,
      entity: `${row.entityType}:${row.entityId}`,
      amount_cents: row.amountCents,
      expires_at: row.expiresAt.toISOString(),
    },
    ipAddress: actor.ipAddress,
  });
  return row;
}

// The sentence the maker reads.
export function awaitingSentence(approval: ApprovalRecord, timeZone: string): string {
  return awaitingApprovalSentence(approval.summary, formatNoticeDate(dateInTimeZone(approval.expiresAt, timeZone)));
}

export function approvalWire(row: ApprovalRecord, names: ReadonlyMap<number, string>): Approval {
  return {
    id: row.id,
    action: row.action as ApprovalAction,
    status: row.status,
    summary: row.summary,
    amount: row.amountCents === null ? null : centsToDollars(row.amountCents),
    loan_id: row.loanId,
    customer_id: row.customerId,
    made_by: names.get(row.madeBy) ?? null,
    made_by_id: row.madeBy,
    made_at: row.madeAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_by: row.decidedBy === null ? null : (names.get(row.decidedBy) ?? null),
    decided_at: row.decidedAt?.toISOString() ?? null,
    note: row.note,
  };
}

export async function listApprovals(deps: ApprovalsDeps): Promise<ApprovalsResponse> {
  await sweepExpired(deps);
  const now = deps.clock.now();
  const rows = await repository.findPendingApprovals(deps.db, now, INBOX_LIMIT);
  const names = await findEmployeeNames(
    deps.db,
    rows.map((row) => row.madeBy),
  );
  return {
    approvals: rows.map((row) => approvalWire(row, names)),
    pending_count: await repository.countPendingApprovals(deps.db, now),
  };
}

// What ran out of time is marked expired in a transaction of its own, so the record stays whatever
// the decision that found it.
async function sweepExpired(deps: ApprovalsDeps): Promise<void> {
  await deps.db.transaction((tx) => expireDue(tx, deps.clock.now()));
}

// The approval, locked, still waiting, and not the decider's own.
async function lockPending(tx: Executor, actor: Actor, id: number): Promise<ApprovalRecord> {
  const row = await repository.lockApproval(tx, id);
  if (!row) throw notFound(`Approval ${id} was not found.`);
  if (row.status !== 'pending') {
    const who = row.decidedBy === null ? undefined : (await findEmployeeNames(tx, [row.decidedBy])).get(row.decidedBy);
    throw conflict(
      row.status === 'expired'
        ? `${row.summary} expired on ${row.decidedAt?.toISOString() ?? row.expiresAt.toISOString()} without a decision; ask for it again if it is still needed.`
        : `${row.summary} was already ${row.status}${who ? ` by ${who}` : ''}.`,
    );
  }
  if (row.madeBy === actor.employeeId)
    throw forbidden(`You asked for this action (${row.summary}), so a second employee must decide it.`);
  return row;
}

export async function approve(deps: ApprovalsDeps, actor: Actor, id: number): Promise<ApprovalDecisionResponse> {
  await sweepExpired(deps);
  return deps.db.transaction(async (tx) => {
    const pending = await lockPending(tx, actor, id);
    const carried = await deps.carryOut[pending.action as ApprovalAction](tx, pending, actor);
    const row = await repository.decideApproval(tx, id, {
      status: 'approved',
      decidedBy: actor.employeeId,
      decidedAt: deps.clock.now(),
      note: null,
    });
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'approval.approved',
      entityType: 'approval',
      entityId: id,
      after: { action: row.action, summary: row.summary, made_by: row.madeBy, outcome: carried.message },
      ipAddress: actor.ipAddress,
    });
    const names = await findEmployeeNames(tx, [row.madeBy, actor.employeeId]);
    return { message: `Approved: ${carried.message}`, approval: approvalWire(row, names) };
  });
}

export async function reject(
  deps: ApprovalsDeps,
  actor: Actor,
  id: number,
  note: string,
): Promise<ApprovalDecisionResponse> {
  await sweepExpired(deps);
  return deps.db.transaction(async (tx) => {
    await lockPending(tx, actor, id);
    const row = await repository.decideApproval(tx, id, {
      status: 'rejected',
      decidedBy: actor.employeeId,
      decidedAt: deps.clock.now(),
      note,
    });
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'approval.rejected',
      entityType: 'approval',
      entityId: id,
      after: { action: row.action, summary: row.summary, made_by: row.madeBy, note },
      ipAddress: actor.ipAddress,
    });
    const names = await findEmployeeNames(tx, [row.madeBy, actor.employeeId]);
    return { message: `Rejected: ${row.summary}. Nothing was changed.`, approval: approvalWire(row, names) };
  });
}
