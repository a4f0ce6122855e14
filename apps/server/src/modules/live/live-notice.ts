import { z } from 'zod';

// The notices of the portal_live channel (decision 063), as the database's triggers (migration
// 0033) and this module write them: short keys, since a notice carries at most 8,000 bytes.
export const LIVE_CHANNEL = 'portal_live';

const topics = z.array(z.string().max(64)).max(64);
const noticeSchema = z.discriminatedUnion('k', [
  // An audited change, or a customer's message: k, topics, by (employee id or null), at, action.
  z.object({ k: z.literal('change'), t: topics, by: z.number().int().nullable(), at: z.string(), a: z.string() }),
  // A list to refetch; e: only this employee's streams (their mentions).
  z.object({ k: z.literal('refresh'), t: topics, e: z.number().int().optional() }),
  // Who has these topics open changed.
  z.object({ k: z.literal('presence'), t: topics }),
  // A stream's topics, set by PUT live_watch on whichever process took it.
  z.object({ k: z.literal('watch'), s: z.string(), e: z.number().int(), o: topics, f: topics }),
]);

export type LiveNotice =
  | { kind: 'change'; topics: string[]; by: number | null; at: string; action: string }
  | { kind: 'refresh'; topics: string[]; employeeId: number | null }
  | { kind: 'presence'; topics: string[] }
  | { kind: 'watch'; stream: string; employeeId: number; open: string[]; follow: string[] };

// A notice the channel carried; null for anything else (the channel is ours, but a payload that is
// not a notice must not stop the others).
export function parseLiveNotice(payload: string): LiveNotice | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = noticeSchema.safeParse(json);
  if (!parsed.success) return null;
  const notice = parsed.data;
  switch (notice.k) {
    case 'change':
      // Timestamps from PostgreSQL's json are local-offset ISO strings: made UTC (convention 6).
      return { kind: 'change', topics: notice.t, by: notice.by, at: toUtc(notice.at), action: notice.a };
    case 'refresh':
      return { kind: 'refresh', topics: notice.t, employeeId: notice.e ?? null };
    case 'presence':
      return { kind: 'presence', topics: notice.t };
    case 'watch':
      return { kind: 'watch', stream: notice.s, employeeId: notice.e, open: notice.o, follow: notice.f };
  }
}

function toUtc(at: string): string {
  const time = Date.parse(at);
  return Number.isNaN(time) ? new Date().toISOString() : new Date(time).toISOString();
}

export function presenceNotice(topicList: readonly string[]): string {
  return JSON.stringify({ k: 'presence', t: topicList });
}

export function watchNotice(
  stream: string,
  employeeId: number,
  open: readonly string[],
  follow: readonly string[],
): string {
  return JSON.stringify({ k: 'watch', s: stream, e: employeeId, o: open, f: follow });
}
