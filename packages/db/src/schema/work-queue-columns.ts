import { sql, type SQL } from 'drizzle-orm';
import { index, integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { employees } from './employees.ts';

// What every work queue's table holds for get-next (the server's platform/work-queue.ts): an item
// is held by one employee at a time, under a lease that runs out.
export const leaseColumns = () => ({
  assignedTo: integer().references(() => employees.id),
  leaseExpiresAt: timestamp({ withTimezone: true }),
});

// Get-next's two indexes, so the items others hold are never read on the way: the waiting items
// no one holds, in queue order, and the held ones by the end of their lease (which may have run out).
export function workQueueIndexes(
  name: string,
  table: { assignedTo: AnyPgColumn; leaseExpiresAt: AnyPgColumn },
  waiting: SQL,
  queueOrder: [AnyPgColumn, ...AnyPgColumn[]],
) {
  return [
    index(`${name}_free_idx`)
      .on(...queueOrder)
      .where(sql`${waiting} and ${table.assignedTo} is null`),
    index(`${name}_lease_idx`)
      .on(table.leaseExpiresAt)
      .where(sql`${waiting} and ${table.assignedTo} is not null`),
  ];
}
