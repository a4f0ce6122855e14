// When each contact flag was on (issue 39): the audit trail of flag changes says it
// (customer.<flag>_on / _off, written with every change since decision 046; a change always flips
// the flag, so before the first one the flag was the other way). A flag never changed through the
// Portal (set by an import, or by hand) is on since the moment its row records (dnc_at, cease_at,
// attorney_at), or since always when that is empty.

export type ContactFlag = 'dnc' | 'cease' | 'attorney';
export type FlagChange = { at: Date; on: boolean; reason: string | null; context: string | null };
export type FlagRecord = {
  // The flag as the row holds it now, since when, and its reason or context.
  on: boolean;
  since: Date | null;
  note: string | null;
  // Its audited changes, oldest first.
  changes: FlagChange[];
};

// Whether the flag was on at the instant, and the reason or context of the change that put it on.
export function flagAt(record: FlagRecord, at: Date): { on: boolean; note: string | null } {
  const time = at.getTime();
  if (record.changes.length === 0)
    return { on: record.on && (record.since === null || record.since.getTime() <= time), note: record.note };
  let state = { on: !record.changes[0]!.on, note: record.note };
  for (const change of record.changes) {
    if (change.at.getTime() > time) break;
    state = { on: change.on, note: change.on ? (change.reason ?? change.context) : null };
  }
  return state;
}

// The action of an audit event ('customer.cease_on') as a flag change, or null for another action.
export function flagChangeOf(action: string): { flag: ContactFlag; on: boolean } | null {
  const match = /^customer\.(dnc|cease|attorney)_(on|off)$/.exec(action);
  return match ? { flag: match[1] as ContactFlag, on: match[2] === 'on' } : null;
}
