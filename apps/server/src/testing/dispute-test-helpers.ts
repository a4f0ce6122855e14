import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { auditEvents, disputes, type Database } from '@portal/db';
import { beforeEach } from 'vitest';
import type { TestApp } from './test-app.ts';
import { useStaffSession, useTestApp } from './use-test-app.ts';
import type { StaffSession } from './staff-session.ts';

// What the disputes tests share: calls as the screen makes them, multipart bodies built by hand,
// and disputes put straight into the table.

export const DISPUTES_PATH = '/internal/api/disputes_dashboard';
export type Caller = Pick<StaffSession, 'headers'>;

export type UploadPart = { fileName: string; content: Uint8Array | string; field?: string; contentType?: string };

// A multipart/form-data body with each text field, then each file, in its own part (files[] by default).
export function multipartBody(
  parts: UploadPart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal-test-${randomUUID()}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const chunks = parts.map((part) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files[]'}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...texts, ...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadDisputes(t: TestApp, who: Caller, parts: UploadPart[], fields: Record<string, string> = {}) {
  const body = multipartBody(parts, fields);
  return t.app.inject({
    method: 'POST',
    url: `${DISPUTES_PATH}/create_disputes`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

export function callDisputes(
  t: TestApp,
  who: Caller,
  method: 'GET' | 'PATCH',
  path: string,
  input: Record<string, unknown> = {},
) {
  return t.app.inject({
    method,
    url: `${DISPUTES_PATH}/${path}`,
    headers: who.headers,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
      : { payload: input }),
  });
}

export const assign = (t: TestApp, who: Caller, id?: number) =>
  callDisputes(t, who, 'PATCH', 'assign_dispute', id === undefined ? {} : { id });
export const unassign = (t: TestApp, who: Caller, id: number) =>
  callDisputes(t, who, 'PATCH', 'unassign_dispute', { id });
export const details = (t: TestApp, who: Caller, id: number) => callDisputes(t, who, 'GET', 'dispute_details', { id });
export const update = (t: TestApp, who: Caller, id: number, dispute: Record<string, unknown>) =>
  callDisputes(t, who, 'PATCH', 'update_dispute', { id, dispute });
export const resolve = (t: TestApp, who: Caller, id: number, responseType?: string | null) =>
  callDisputes(
    t,
    who,
    'PATCH',
    'resolve_dispute',
    responseType === undefined ? { id } : { id, response_type: responseType },
  );

// A dispute as an upload would leave it (nothing parsed unless given), its letter received
// 30 days before it is due.
export async function insertDispute(db: Database, values: Partial<typeof disputes.$inferInsert> = {}) {
  const [row] = await db
    .insert(disputes)
    .values({
      letterReceivedOn: '2026-11-21',
      dueDate: '2026-12-21',
      fileName: 'letter.pdf',
      storageKey: `disputes/${randomUUID()}.pdf`,
      ...values,
    })
    .returning();
  if (!row) throw new Error('insertDispute: insert returned nothing');
  return row;
}

// A dispute in the queue that `holder` has taken, as a test of the holder's calls starts.
export async function insertHeldDispute(
  t: TestApp,
  holder: Caller,
  values: Partial<typeof disputes.$inferInsert> = {},
) {
  const dispute = await insertDispute(t.database.db, values);
  await assign(t, holder, dispute.id);
  return dispute;
}

export async function disputeRow(db: Database, id: number) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  if (!row) throw new Error(`dispute ${id} is not there`);
  return row;
}

// Leaves the queue empty for the next test: every dispute resolved, no lease.
export async function resolveEveryDispute(db: Database): Promise<void> {
  await db
    .update(disputes)
    .set({ resolvedAt: new Date('2026-01-01T00:00:00Z'), assignedTo: null, leaseExpiresAt: null })
    .where(isNull(disputes.resolvedAt));
}

export async function auditOf(db: Database, disputeId: number) {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, String(disputeId)))
    .orderBy(auditEvents.id)
    .then((events) => events.filter((event) => event.entityType === 'dispute'));
}

// The set-up of a test of the holder's calls: the app, set to `start` before each test, the employee
// who holds the dispute and another one, and a way to put a new dispute in the holder's hands.
export function useDisputeHolder(start: Date) {
  const t = useTestApp();
  const holder = useStaffSession(t);
  const other = useStaffSession(t);
  beforeEach(() => {
    t.clock.set(start);
  });
  const heldDispute = (values: Partial<typeof disputes.$inferInsert> = {}) => insertHeldDispute(t, holder, values);
  return { t, holder, other, heldDispute };
}
