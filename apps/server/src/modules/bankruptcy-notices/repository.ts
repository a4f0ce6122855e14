import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, not, sql, type SQL } from 'drizzle-orm';
import { readSort, type UnprocessedNoticesFilters } from '@portal/contracts';
import { bankruptcyNotices, type Executor } from '@portal/db';
import { findCustomer, findCustomersByIds } from '../customers/index.ts';
import { findActiveLoanIds } from '../loans/index.ts';
import { employeeNameOf } from '../session/index.ts';
import type { StoredParsedData } from './notice-ssn.ts';
import type { ListWindow } from '../../platform/list-source.ts';
import { returnedRow } from '../../platform/returned-row.ts';

// The queries of the bankruptcy dashboard; rules and transactions are the services'.

export type NoticeRecord = Omit<typeof bankruptcyNotices.$inferSelect, 'parsedData'> & { parsedData: StoredParsedData };
export type NewNotice = Omit<typeof bankruptcyNotices.$inferInsert, 'parsedData'> & { parsedData: StoredParsedData };

export type NoticeCustomerRow = {
  id: number;
  firstName: string;
  lastName: string;
  ssnLast4: string | null;
  openLoanIds: number[];
};
export type NoticeView = { notice: NoticeRecord; holderName: string | null; customer: NoticeCustomerRow | null };

// The notice as its screen shows it: the holder's name, the matched customer and their active loans
// (the ones the automatic stay stops collecting on), the last two asked of their owners.
export async function findNoticeView(db: Executor, id: number): Promise<NoticeView | undefined> {
  const [row] = await db
    .select({ notice: bankruptcyNotices, holderName: employeeNameOf(bankruptcyNotices.assignedTo) })
    .from(bankruptcyNotices)
    .where(eq(bankruptcyNotices.id, id));
  if (!row) return undefined;
  const notice = row.notice as NoticeRecord;
  const found = notice.customerId === null ? undefined : await findCustomer(db, notice.customerId);
  const customer: NoticeCustomerRow | null = found
    ? {
        id: found.id,
        firstName: found.firstName,
        lastName: found.lastName,
        ssnLast4: found.ssnLast4,
        openLoanIds: await findActiveLoanIds(db, found.id),
      }
    : null;
  return { notice, holderName: row.holderName, customer };
}

export async function findNotice(db: Executor, id: number): Promise<NoticeRecord | undefined> {
  const [row] = await db.select().from(bankruptcyNotices).where(eq(bankruptcyNotices.id, id));
  return row as NoticeRecord | undefined;
}

export async function lockNotice(tx: Executor, id: number): Promise<NoticeRecord | undefined> {
  const [row] = await tx.select().from(bankruptcyNotices).where(eq(bankruptcyNotices.id, id)).for('update');
  return row as NoticeRecord | undefined;
}

export async function findNoticeFile(
  db: Executor,
  id: number,
): Promise<{ fileName: string; storageKey: string } | undefined> {
  const [row] = await db
    .select({ fileName: bankruptcyNotices.fileName, storageKey: bankruptcyNotices.storageKey })
    .from(bankruptcyNotices)
    .where(eq(bankruptcyNotices.id, id));
  return row;
}

// One statement for the whole upload; answers the ids in the order of the rows given (matched by
// their storage keys, each new, rather than trusting the order RETURNING happens to keep).
export async function insertNotices(tx: Executor, rows: NewNotice[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(bankruptcyNotices)
    .values(rows)
    .returning({ id: bankruptcyNotices.id, storageKey: bankruptcyNotices.storageKey });
  const idByKey = new Map(inserted.map((row) => [row.storageKey, row.id]));
  return rows.map((row) => {
    const id = idByKey.get(row.storageKey);
    if (id === undefined) throw new Error(`insertNotices: no row came back for ${row.storageKey}`);
    return id;
  });
}

export async function updateNotice(
  tx: Executor,
  id: number,
  values: Partial<Omit<NewNotice, 'id'>>,
): Promise<NoticeRecord> {
  return returnedRow(
    await tx.update(bankruptcyNotices).set(values).where(eq(bankruptcyNotices.id, id)).returning(),
    `updateNotice: notice ${id} vanished`,
  ) as NoticeRecord;
}

// Sets the lease: the caller's until `until`, or nobody's (null, null).
export async function setNoticeLease(
  tx: Executor,
  id: number,
  assignedTo: number | null,
  leaseExpiresAt: Date | null,
): Promise<void> {
  await tx.update(bankruptcyNotices).set({ assignedTo, leaseExpiresAt }).where(eq(bankruptcyNotices.id, id));
}

export type NoticeListRow = {
  id: number;
  assignedTo: number | null;
  leaseExpiresAt: Date | null;
  type: string;
  createdAt: Date;
  dueOn: string;
  debtorName: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
};

// The unprocessed notices the list's filters keep (issue 40): all of them, or only those someone
// holds a live lease on (assigned) or nobody does (ready_for_assignment); only the overdue ones.
// The status is wire.ts's hasLiveLease, written in SQL; the condition is the queue's own (the
// partial index bankruptcy_notices_unprocessed_idx).
function unprocessedWhere(filters: UnprocessedNoticesFilters, now: Date, today: string): SQL | undefined {
  // Never null (each column is tested for null first), so its negation keeps the free ones.
  const live = sql`(${and(
    isNotNull(bankruptcyNotices.assignedTo),
    isNotNull(bankruptcyNotices.leaseExpiresAt),
    gt(bankruptcyNotices.leaseExpiresAt, now),
  )})`;
  return and(
    isNull(bankruptcyNotices.processedAt),
    filters.status === 'assigned' ? live : filters.status === 'ready_for_assignment' ? not(live) : undefined,
    filters.due === 'overdue' ? lt(bankruptcyNotices.dueOn, today) : undefined,
  );
}

function unprocessedOrder(sort: UnprocessedNoticesFilters['sort']): SQL[] {
  const { column, descending } = readSort(sort);
  const way = descending ? desc : asc;
  return column === 'received'
    ? [way(bankruptcyNotices.createdAt), way(bankruptcyNotices.id)]
    : [way(bankruptcyNotices.id)];
}

export async function countUnprocessedNotices(
  db: Executor,
  filters: UnprocessedNoticesFilters,
  now: Date,
  today: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bankruptcyNotices)
    .where(unprocessedWhere(filters, now, today));
  return row?.total ?? 0;
}

// A window of the unprocessed notices, oldest first unless sorted otherwise, with the matched
// customers' names asked of the customers module.
export async function findUnprocessedNotices(
  db: Executor,
  filters: UnprocessedNoticesFilters,
  now: Date,
  today: string,
  window: ListWindow,
): Promise<NoticeListRow[]> {
  const rows = await db
    .select({
      id: bankruptcyNotices.id,
      assignedTo: bankruptcyNotices.assignedTo,
      leaseExpiresAt: bankruptcyNotices.leaseExpiresAt,
      type: bankruptcyNotices.type,
      createdAt: bankruptcyNotices.createdAt,
      dueOn: bankruptcyNotices.dueOn,
      debtorName: sql<string | null>`${bankruptcyNotices.parsedData}->>'debtor_name'`,
      customerId: bankruptcyNotices.customerId,
    })
    .from(bankruptcyNotices)
    .where(unprocessedWhere(filters, now, today))
    .orderBy(...unprocessedOrder(filters.sort))
    .limit(window.limit)
    .offset(window.offset);
  const customers = new Map(
    (
      await findCustomersByIds(
        db,
        rows.flatMap((row) => (row.customerId === null ? [] : [row.customerId])),
      )
    ).map((customer) => [customer.id, customer]),
  );
  return rows.map(({ customerId, ...row }) => {
    const customer = customerId === null ? undefined : customers.get(customerId);
    return { ...row, customerFirstName: customer?.firstName ?? null, customerLastName: customer?.lastName ?? null };
  });
}

// Notices whose parsed_data holds a sealed SSN, by id after `afterId` (a new SECRETS_KEY,
// rekey-notice-ssns.ts).
export async function findNoticesWithSealedSsns(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; parsedData: StoredParsedData }>> {
  const rows = await db
    .select({ id: bankruptcyNotices.id, parsedData: bankruptcyNotices.parsedData })
    .from(bankruptcyNotices)
    .where(
      sql`${bankruptcyNotices.id} > ${afterId} and (${bankruptcyNotices.parsedData}->>'debtor_ssn' like 'gcm1:%' or ${bankruptcyNotices.parsedData}->>'joint_debtor_ssn' like 'gcm1:%')`,
    )
    .orderBy(asc(bankruptcyNotices.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, parsedData: row.parsedData as StoredParsedData }));
}

// Each notice's parsed_data replaced only where it is still the one read. Answers how many changed.
export async function replaceParsedData(
  db: Executor,
  rows: ReadonlyArray<{ id: number; from: StoredParsedData; to: StoredParsedData }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = (await db.execute(sql`
    update bankruptcy_notices as n
    set parsed_data = u.parsed_data
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::bigint[],
      ${sql.param(rows.map((row) => JSON.stringify(row.from)))}::jsonb[],
      ${sql.param(rows.map((row) => JSON.stringify(row.to)))}::jsonb[]
    ) as u(id, read, parsed_data)
    where n.id = u.id and n.parsed_data = u.read
    returning n.id`)) as { rows: unknown[] };
  return result.rows.length;
}
