import type { Transaction } from '@portal/db';
import type { ApprovalAction } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import type { ApprovalRecord } from './repository.ts';

// What an approved action does, carried out by the module that owns it (loans: refunds, credits,
// settlements, invalidations; customers: SSN changes), in the approval's transaction, with its
// rules as they stand now: a refusal answers the approver and the action stays waiting.
export type CarriedOut = { message: string };
export type ApprovalCarrier = (tx: Transaction, approval: ApprovalRecord, approver: Actor) => Promise<CarriedOut>;

// Handed in by buildApp (module-graph.ts: loans and customers use approvals, so approvals may not
// import them back): each action's carrier.
export type CarryOut = Record<ApprovalAction, ApprovalCarrier>;

// What the approvals module takes from the server (decision 045).
export type ApprovalsDeps = Pick<ServerContext, 'db' | 'clock' | 'approvals'> & { carryOut: CarryOut };
