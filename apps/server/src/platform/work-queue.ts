import { and, eq, getTableColumns, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DATABASE_CASING, employees, type Database, type Executor } from '@portal/db';
import { conflict } from './http-error.ts';
import { preparedPerDatabase } from './prepared.ts';

// One way to hand out work (convention 7): tickets, and later disputes, bankruptcy notices, ACDVs,
// income reviews and identifications. An item is leased to one employee until a time; a lease is
// free once it runs out or is released, and items are handed out with FOR UPDATE SKIP LOCKED, so
// two employees never get the same item, on PGlite and PostgreSQL alike (decision 010).

// Who holds an item, and until when.
export type LeaseState = { assignedTo: number | null; leaseExpiresAt: Date | null };

export type WorkQueueDefinition = {
  // Names the queue for the offline registry and prefixes its prepared statements, which share
  // connections with every module's (decision 010): 'tickets' prepares tickets_take_lease.
  name: string;
  table: PgTable;
  // The table's lease columns: the item's id, who holds it, until when.
  columns: {
    id: AnyPgColumn<{ data: number; notNull: true }>;
    assignedTo: AnyPgColumn<{ data: number }>;
    leaseExpiresAt: AnyPgColumn<{ data: Date }>;
  };
  // Which rows the queue hands out. Written out, without parameters, so the planner matches the
  // queue's partial index.
  inQueue: SQL;
  // Which rows an employee may take by opening one (takeLease); the rows in the queue by default.
  takeable?: SQL;
  // The order items are handed out in, oldest first: columns in ascending order (compared as a
  // row), e.g. created_at, or due_date, id.
  order: SQL;
  // When an item came in: the age of the oldest waiting item is what /metrics reports of the queue.
  enteredAt: AnyPgColumn<{ data: Date }>;
  // The 409 sentence when someone else holds the item.
  heldByOther: (id: number, holderName: string) => string;
  // Whether only an employee who is online (the ticket workspace's toggle) may lease items; the
  // back-office queues hand work to anyone signed in. Default true.
  requireOnline?: boolean;
};

export type WorkQueue = ReturnType<typeof createWorkQueue>;

export function leaseUntil(now: Date, leaseMinutes: number): Date {
  return new Date(now.getTime() + leaseMinutes * 60_000);
}

// Leases are renewed only once past half their life, so a steady stream of polls from an
// employee who holds their items writes nothing (no row versions, no commit to wait for).
export function renewalThreshold(now: Date, until: Date): Date {
  return new Date(now.getTime() + (until.getTime() - now.getTime()) / 2);
}

export function isHeldByOther(item: LeaseState, employeeId: number, now: Date): boolean {
  return (
    item.assignedTo !== null &&
    item.assignedTo !== employeeId &&
    item.leaseExpiresAt !== null &&
    item.leaseExpiresAt > now
  );
}

// Raw statements answer rows whose shape the driver decides; only ::int ids are read from them.
async function rowsOf<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as { rows: Row[] };
  return result.rows;
}

// update().set() takes the table's property names, not the columns.
function propertyOf(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`createWorkQueue: ${column.name} is not a column of the queue's table`);
  return entry[0];
}

async function findEmployeeName(executor: Executor, employeeId: number): Promise<string | null> {
  const [row] = await executor.select({ name: employees.name }).from(employees).where(eq(employees.id, employeeId));
  return row?.name ?? null;
}

// Every work queue made, for /metrics (platform/metrics.ts): the queues are module constants.
const everyQueue = new Map<string, QueueMeasure>();
export type QueueMeasure = (executor: Executor) => Promise<{ depth: number; oldestEnteredAt: Date | null }>;
export function workQueueMeasures(): ReadonlyMap<string, QueueMeasure> {
  return everyQueue;
}

export function createWorkQueue(definition: WorkQueueDefinition) {
  const { name, table, columns, inQueue, order } = definition;
  const takeable = definition.takeable ?? inQueue;
  const onlineOnly = definition.requireOnline === false ? sql`true` : sql`online`;
  const assignedToKey = propertyOf(table, columns.assignedTo);
  const leaseKey = propertyOf(table, columns.leaseExpiresAt);
  const setLease = (assignedTo: unknown, leaseExpiresAt: unknown) =>
    ({ [assignedToKey]: assignedTo, [leaseKey]: leaseExpiresAt }) as PgUpdateSetSource<PgTable>;
  // A column as an UPDATE's SET list names it: bare, in the database's casing.
  const casing = new CasingCache(DATABASE_CASING);
  const column = (target: AnyPgColumn) => sql.identifier(casing.getColumnCasing(target));

  // Leases up to `count` free items, oldest first, in one statement. SKIP LOCKED lets concurrent
  // callers pass over the rows another caller is taking, so no item goes to two people. The
  // employee row is locked (FOR SHARE) before any item, in the order going offline locks them
  // (the session service sets the employee offline, then releases), so a lease and a concurrent
  // "go offline" serialize: either the release sees the new lease or the lease sees the employee
  // offline.
  // `passOver` leaves out items the caller asked not to get again (the ACDV screen's skip list).
  async function leaseNext(
    executor: Executor,
    employeeId: number,
    count: number,
    now: Date,
    until: Date,
    passOver: SQL = sql`false`,
  ): Promise<number[]> {
    if (count <= 0) return [];
    const rows = await rowsOf<{ id: number }>(
      executor,
      sql`with me as (select id from ${employees} where id = ${employeeId} and ${onlineOnly} for share),
        -- Two kinds of free item, each found through its own index, so the items other employees
        -- hold (however many) are never read on the way: never leased, and leased by someone else
        -- until a time now past (a lease with no end is free too). The caller's own items are
        -- renewed, not leased again. The oldest of both, by the queue's order (compared as a row).
        never_leased as (
          select ${columns.id} as id, row(${order}) as place from ${table}
          where ${inQueue} and ${columns.assignedTo} is null and not (${passOver}) and exists (select 1 from me)
          order by ${order}
          limit ${count}
          for update skip locked
        ),
        lease_ran_out as (
          select ${columns.id} as id, row(${order}) as place from ${table}
          where ${inQueue} and ${columns.assignedTo} is not null and ${columns.assignedTo} <> ${employeeId}
            and (${columns.leaseExpiresAt} is null or ${columns.leaseExpiresAt} <= ${now.toISOString()}::timestamptz)
            and not (${passOver}) and exists (select 1 from me)
          order by ${columns.leaseExpiresAt} nulls first
          limit ${count}
          for update skip locked
        ),
        next as (
          select id from (select * from never_leased union all select * from lease_ran_out) as free
          order by place
          limit ${count}
        )
        update ${table} set ${column(columns.assignedTo)} = ${employeeId}, ${column(columns.leaseExpiresAt)} = ${until.toISOString()}::timestamptz
        from next where ${columns.id} = next.id
        returning ${columns.id}::int as id`,
    );
    return rows.map((row) => row.id);
  }

  // Pushes out the given leases if the employee still holds them (UPDATE re-checks assigned_to on
  // a row someone changed meanwhile, e.g. took after the lease ran out, or released on going offline).
  async function renew(executor: Executor, employeeId: number, ids: number[], until: Date): Promise<number[]> {
    if (ids.length === 0) return [];
    const renewed = await executor
      .update(table)
      .set({ [leaseKey]: until } as PgUpdateSetSource<PgTable>)
      .where(and(inArray(columns.id, ids), eq(columns.assignedTo, employeeId)))
      .returning({ id: columns.id });
    return renewed.map((row) => row.id);
  }

  // Takes the lease on one item unless someone else holds a live one; the caller's own lease is
  // renewed once past half its life. Prepared: opening an item is what every employee does all day.
  const takeStatement = preparedPerDatabase((db) =>
    db
      .update(table)
      .set(setLease(sql`${sql.placeholder('employeeId')}`, sql`${sql.placeholder('until')}::timestamptz`))
      .where(
        and(
          eq(columns.id, sql.placeholder('itemId')),
          takeable,
          or(
            isNull(columns.assignedTo),
            isNull(columns.leaseExpiresAt),
            lte(columns.leaseExpiresAt, sql.placeholder('now')),
            and(
              eq(columns.assignedTo, sql.placeholder('employeeId')),
              lt(columns.leaseExpiresAt, sql.placeholder('renewBefore')),
            ),
          ),
        ),
      )
      .returning({ id: columns.id })
      .prepare(`${name}_take_lease`),
  );

  // False when nothing was written (someone else holds it, or the item is not takeable): read
  // the item again to tell which.
  async function takeLease(db: Database, itemId: number, employeeId: number, now: Date, until: Date): Promise<boolean> {
    const taken = await takeStatement(db).execute({
      itemId,
      employeeId,
      now: now.toISOString(),
      until: until.toISOString(),
      renewBefore: renewalThreshold(now, until).toISOString(),
    });
    return taken.length > 0;
  }

  // Every item the employee holds goes back to the queue (going offline, signing out).
  async function releaseAll(executor: Executor, employeeId: number): Promise<number> {
    const released = await executor
      .update(table)
      .set(setLease(null, null))
      .where(eq(columns.assignedTo, employeeId))
      .returning({ id: columns.id });
    return released.length;
  }

  // A live lease of someone else's blocks every change: two people must not work one item. The
  // holder is named in the 409; pass holderName when it was read with the item (null: unknown),
  // else it is looked up.
  async function assertNotHeldByOther(
    executor: Executor,
    item: LeaseState & { id: number },
    employeeId: number,
    now: Date,
    holderName?: string | null,
  ): Promise<void> {
    if (!isHeldByOther(item, employeeId, now) || item.assignedTo === null) return;
    const holder = holderName === undefined ? await findEmployeeName(executor, item.assignedTo) : holderName;
    throw conflict(definition.heldByOther(item.id, holder ?? 'another employee'));
  }

  // How many items wait, and since when the oldest has (through the queue's partial index).
  async function measure(executor: Executor): Promise<{ depth: number; oldestEnteredAt: Date | null }> {
    const [row] = await rowsOf<{ depth: number; oldest: string | Date | null }>(
      executor,
      sql`select count(*)::int as depth, min(${definition.enteredAt}) as oldest from ${table} where ${inQueue}`,
    );
    const oldest = row?.oldest ?? null;
    return { depth: Number(row?.depth ?? 0), oldestEnteredAt: oldest === null ? null : new Date(oldest) };
  }
  everyQueue.set(name, measure);

  return { name, inQueue, order, isHeldByOther, leaseNext, renew, takeLease, releaseAll, assertNotHeldByOther };
}
