import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { LiveEmployee } from '@portal/contracts';
import { employees, livePresence, liveStreams, type Executor } from '@portal/db';
import { LIVE_CHANNEL, presenceNotice, watchNotice } from './live-notice.ts';

// The live module's tables (live_streams, live_presence): Drizzle queries only.

// A stream not seen for this long no longer counts as there (its process died without closing it).
export const STREAM_SEEN_SECONDS = 90;
// ... and is deleted after this long.
export const STREAM_SWEEP_SECONDS = 600;

function notify(executor: Executor, payload: string) {
  return executor.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

export async function insertStream(executor: Executor, id: string, employeeId: number): Promise<void> {
  await executor.insert(liveStreams).values({ id, employeeId });
}

// Closes a stream: its presence goes with it, and whoever had its records open hears so.
export async function deleteStream(executor: Executor, id: string): Promise<void> {
  await executor.transaction(async (tx) => {
    const open = await tx
      .delete(livePresence)
      .where(eq(livePresence.streamId, id))
      .returning({ topic: livePresence.topic });
    await tx.delete(liveStreams).where(eq(liveStreams.id, id));
    if (open.length > 0) await notify(tx, presenceNotice(open.map((row) => row.topic)));
  });
}

// Whose stream it is, or null once it is closed.
export async function findStreamOwner(executor: Executor, id: string): Promise<number | null> {
  const [row] = await executor
    .select({ employeeId: liveStreams.employeeId })
    .from(liveStreams)
    .where(eq(liveStreams.id, id))
    .for('update');
  return row?.employeeId ?? null;
}

// The stream's open records and followed topics from now on, told to the process that holds it;
// those who had its old or have its new records open hear who is there now.
export async function replaceStreamTopics(
  executor: Executor,
  stream: { id: string; employeeId: number },
  open: readonly string[],
  follow: readonly string[],
): Promise<void> {
  const before = await executor
    .delete(livePresence)
    .where(eq(livePresence.streamId, stream.id))
    .returning({ topic: livePresence.topic });
  if (open.length > 0)
    await executor.insert(livePresence).values(open.map((topic) => ({ streamId: stream.id, topic })));
  await notify(executor, watchNotice(stream.id, stream.employeeId, open, follow));
  const changed = new Set([...before.map((row) => row.topic), ...open]);
  if (changed.size > 0) await notify(executor, presenceNotice([...changed]));
}

// This process's streams are still open; streams no process has seen for long are swept.
export async function markStreamsSeen(executor: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await executor
      .update(liveStreams)
      .set({ seenAt: sql`now()` })
      .where(inArray(liveStreams.id, [...ids]));
  await executor
    .delete(liveStreams)
    .where(lt(liveStreams.seenAt, sql`now() - ${`${STREAM_SWEEP_SECONDS} seconds`}::interval`));
}

// Who has each topic open, each employee once, by name.
export async function findViewers(executor: Executor, topics: readonly string[]): Promise<Map<string, LiveEmployee[]>> {
  const rows = await executor
    .selectDistinct({ topic: livePresence.topic, id: employees.id, name: employees.name })
    .from(livePresence)
    .innerJoin(liveStreams, eq(liveStreams.id, livePresence.streamId))
    .innerJoin(employees, eq(employees.id, liveStreams.employeeId))
    .where(
      and(
        inArray(livePresence.topic, [...topics]),
        sql`${liveStreams.seenAt} > now() - ${`${STREAM_SEEN_SECONDS} seconds`}::interval`,
      ),
    )
    .orderBy(livePresence.topic, employees.name);
  const viewers = new Map<string, LiveEmployee[]>();
  for (const row of rows) {
    const list = viewers.get(row.topic) ?? [];
    list.push({ id: row.id, name: row.name });
    viewers.set(row.topic, list);
  }
  return viewers;
}
