import type { Executor } from '@portal/db';
import { conflict } from '../../platform/http-error.ts';
import { TICKET_ERRORS } from './messages.ts';
import { findEmployeeName, type TicketRecord } from './repository.ts';

export function leaseUntil(now: Date, leaseMinutes: number): Date {
  return new Date(now.getTime() + leaseMinutes * 60_000);
}

export function isHeldByOther(ticket: Pick<TicketRecord, 'assignedTo' | 'leaseExpiresAt'>, employeeId: number, now: Date): boolean {
  return ticket.assignedTo !== null && ticket.assignedTo !== employeeId && ticket.leaseExpiresAt !== null && ticket.leaseExpiresAt > now;
}

// A live lease of someone else's blocks every change: two people must not answer one customer.
export async function assertNotHeldByOther(executor: Executor, ticket: TicketRecord, employeeId: number, now: Date): Promise<void> {
  if (!isHeldByOther(ticket, employeeId, now) || ticket.assignedTo === null) return;
  const name = (await findEmployeeName(executor, ticket.assignedTo)) ?? 'another employee';
  throw conflict(TICKET_ERRORS.beingWorked(ticket.id, name));
}
