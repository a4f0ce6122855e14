import type { StaffEmployee, StaffFilters } from '@portal/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { ListSource } from '../../platform/list-source.ts';
import * as repository from './repository.ts';

function isoOrNull(value: string | Date | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

// The staff list as GET staff/employees pages it (its sessions counted at one moment): read by the
// list's CSV export too (issue 40), through the same queries.
export function staffList({ clock }: { clock: Clock }): ListSource<StaffFilters, StaffEmployee> {
  const now = clock.now();
  return {
    count: (executor, filters) => repository.countEmployees(executor, filters),
    rows: async (executor, filters, window) =>
      (await repository.listEmployees(executor, now, filters, window)).map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        roles: row.roles,
        active: row.active,
        online: row.online,
        mfa: row.mfaOn ? 'on' : row.mfaPending ? 'pending' : 'off',
        last_sign_in_at: isoOrNull(row.lastSignInAt),
        active_sessions: row.activeSessions,
        invited: row.invited,
      })),
  };
}
