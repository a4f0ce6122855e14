import type { BusinessHours } from '@portal/contracts';
import type { SealBankNumbers, SealSsn } from '@portal/db/seed';
import type { Clock } from './calendar.ts';
import type { IdCounters, SeedRows } from './seed-rows.ts';
import type { Random } from './random.ts';

// What every generator needs: the seed, the fixed "today", the run's sizes and where rows go.
export type SeedContext = {
  seed: number;
  clock: Clock;
  // The hours the after-hours auto-response goes by (decision 035), in the clock's time zone.
  businessHours: { hours: BusinessHours; timeZone: string };
  customerCount: number;
  // How many tickets belong to known customers (the unmatched ones come on top).
  customerTicketCount: number;
  employeeIds: readonly number[];
  ids: IdCounters;
  rows: SeedRows;
  // Seals each customer's SSN with the server's key; null leaves customers without one.
  sealSsn: SealSsn | null;
  // Seals each bank account's numbers: the server's key, or the unsealed form it seals at start.
  sealBankNumbers: SealBankNumbers;
};

export function pickEmployee(context: SeedContext, random: Random): number {
  return random.pick(context.employeeIds);
}
