import { eq } from 'drizzle-orm';
import { bankruptcyNoticeDueOn, dateInTimeZone, DEFAULT_BUSINESS_TIME_ZONE } from '@portal/contracts';
import { auditEvents, bankruptcyNotices } from '@portal/db';
import { drawNotice, type SampleNoticeFields, type SampleNoticeKind } from '@portal/demo-data/samples';
import type { StaffSession } from './staff-session.ts';
import { multipartBody, type UploadFile } from './multipart.ts';
import type { TestApp } from './test-app.ts';
import { callAsStaff } from './staff-helpers.ts';

// What the notice tests share: uploads built as a browser builds them (FormData), the calls by
// path, and the rows and audit events they leave.

export { multipartBody, type UploadFile } from './multipart.ts';

export async function uploadNotices(t: TestApp, staff: StaffSession, files: UploadFile[]) {
  const { contentType, payload } = await multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: '/internal/api/bankruptcy_notices/create_notices',
    headers: { ...staff.headers, 'content-type': contentType },
    payload,
  });
}

export async function sampleFile(
  kind: SampleNoticeKind,
  fields: Partial<SampleNoticeFields> = {},
  options: { pages?: 1 | 2; scanned?: boolean; name?: string } = {},
): Promise<UploadFile> {
  return { name: options.name ?? `${kind}.pdf`, content: await drawNotice(kind, fields, options) };
}

// Uploads one drawn notice and answers its id.
export async function uploadSample(
  t: TestApp,
  staff: StaffSession,
  kind: SampleNoticeKind,
  fields: Partial<SampleNoticeFields> = {},
): Promise<number> {
  const response = await uploadNotices(t, staff, [await sampleFile(kind, fields)]);
  if (response.statusCode !== 200) throw new Error(`uploadSample: ${response.statusCode} ${response.body}`);
  return response.json().notices[0].id;
}

export function noticeCall(
  t: TestApp,
  staff: StaffSession,
  method: 'GET' | 'PATCH' | 'POST',
  path: string,
  payload?: object,
) {
  return callAsStaff(t.app, staff, method, `bankruptcy_notices${path}`, payload);
}

export async function noticeRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(bankruptcyNotices).where(eq(bankruptcyNotices.id, id));
  if (!row) throw new Error(`noticeRow: no notice ${id}`);
  return row;
}

export async function noticeCount(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: bankruptcyNotices.id }).from(bankruptcyNotices)).length;
}

export function auditOf(t: TestApp, entityType: string, entityId: number) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, String(entityId)))
    .then((rows) => rows.filter((row) => row.entityType === entityType).sort((a, b) => a.id - b.id));
}

// What the parser reads from the chapter 7 sample notice (drawNotice('chapter7') of @portal/demo/samples).
export const CHAPTER_7_SAMPLE_FIELDS = {
  case_number: '24-10234',
  court_district: 'CAN',
  b_type: '7',
  debtor_name: 'John Allen Smith',
  debtor_ssn: '1234',
  joint_debtor_name: 'Mary Beth Smith',
  joint_debtor_ssn: '5678',
  filed: '2024-03-04',
} as const;

// What it reads from the chapter 13 sample (drawNotice('chapter13')): one debtor, no direction in the district.
export const CHAPTER_13_SAMPLE_FIELDS = {
  case_number: '2:24-BK-05512-MCW',
  court_district: 'AZ',
  b_type: '13',
  debtor_name: 'Rosa Delgado',
  debtor_ssn: '4321',
  filed: '2024-05-14',
  notice_date: '2024-05-20',
} as const;

// What it reads from the discharge sample (drawNotice('discharge')).
export const DISCHARGE_SAMPLE_FIELDS = {
  case_number: '23-31877',
  court_district: 'TXS',
  b_type: '7',
  debtor_name: 'Kevin Tran',
  discharged: '2024-08-12',
  notice_date: '2024-08-12',
} as const;

// The processing target the upload would have stored for a notice that came at `createdAt`.
export function noticeDueOn(createdAt: Date): string {
  return bankruptcyNoticeDueOn(dateInTimeZone(createdAt, DEFAULT_BUSINESS_TIME_ZONE));
}
