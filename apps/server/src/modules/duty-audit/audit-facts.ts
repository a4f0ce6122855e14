import type { BankruptcyCaseDates, Withdrawal } from '@portal/contracts';
import type { Executor } from '@portal/db';
import { findBankruptciesOfCustomers } from '../bankruptcies/index.ts';
import { findPaymentsWithBouncesOfCustomers, withdrawalHistory } from '../loans/index.ts';
import type { DebitFacts } from './debit-duties.ts';
import { flagChangeOf, type ContactFlag, type FlagRecord } from './flag-history.ts';
import * as repository from './repository.ts';

// The recorded facts of the customers a report meets, read once per customer in batches (one
// statement per kind of fact for all the new customers of a page) and kept for the rest of the run:
// a month's deliveries meet the same customers again and again.

export type CustomerFacts = {
  state: string | null;
  zip: string | null;
  phoneNumber: string | null;
  flags: Record<ContactFlag, FlagRecord>;
  cases: BankruptcyCaseDates[];
};

const emptyFlag = (): FlagRecord => ({ on: false, since: null, note: null, changes: [] });

// A customer the message store names but the customers table no longer holds: no flag, no case,
// nowhere known (the hours are judged in every US zone).
const UNKNOWN_CUSTOMER: CustomerFacts = {
  state: null,
  zip: null,
  phoneNumber: null,
  flags: { dnc: emptyFlag(), cease: emptyFlag(), attorney: emptyFlag() },
  cases: [],
};

function groupBy<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export function createFactCache(db: Executor, timeZone: string) {
  const customers = new Map<number, CustomerFacts>();
  const debits = new Map<number, DebitFacts>();

  async function loadCustomers(ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !customers.has(id));
    if (missing.length === 0) return;
    const [records, changes, cases] = [
      await repository.findCustomerRecords(db, missing),
      await repository.findFlagChanges(db, missing),
      await findBankruptciesOfCustomers(db, missing),
    ];
    const changesOf = groupBy(changes, (change) => Number(change.entityId));
    const casesOf = groupBy(cases, (entry) => entry.customerId);
    for (const id of missing) customers.set(id, UNKNOWN_CUSTOMER);
    for (const record of records) {
      const flags: Record<ContactFlag, FlagRecord> = {
        dnc: { on: record.dnc, since: record.dncAt, note: record.dncReason, changes: [] },
        cease: { on: record.cease, since: record.ceaseAt, note: null, changes: [] },
        attorney: { on: record.attorney, since: record.attorneyAt, note: record.attorneyContext, changes: [] },
      };
      for (const change of changesOf.get(record.id) ?? []) {
        const flagChange = flagChangeOf(change.action);
        if (flagChange)
          flags[flagChange.flag].changes.push({
            at: change.at,
            on: flagChange.on,
            reason: change.reason,
            context: change.context,
          });
      }
      customers.set(record.id, {
        state: record.state,
        zip: record.zip,
        phoneNumber: record.phoneNumber,
        flags,
        cases: casesOf.get(record.id) ?? [],
      });
    }
  }

  async function loadDebitFacts(ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !debits.has(id));
    if (missing.length === 0) return;
    await loadCustomers(missing);
    // The loans' own read, with each presentment's ACH entry: the failed-debit count runs per bank
    // account here as at the door (decision 070's issue 41; 12 CFR 1041.8(b)).
    const [histories, stops, authorizations] = [
      await findPaymentsWithBouncesOfCustomers(db, missing),
      await repository.findDebitStops(db, missing),
      await repository.findDebitAuthorizations(db, missing),
    ];
    const stopsOf = groupBy(stops, (stop) => stop.customerId);
    const authorizationsOf = groupBy(authorizations, (row) => row.customerId);
    for (const id of missing) {
      const history: Withdrawal[] = withdrawalHistory(histories.get(id) ?? [], timeZone);
      debits.set(id, {
        stops: stopsOf.get(id) ?? [],
        authorizations: (authorizationsOf.get(id) ?? []).map((row) => row.givenAt),
        history,
        cases: customers.get(id)?.cases ?? [],
      });
    }
  }

  return {
    loadCustomers,
    // Where a customer may be, worked out once per customer and number texted.
    zones: new Map<string, readonly string[]>(),
    loadDebitFacts,
    customer: (id: number): CustomerFacts => customers.get(id) ?? UNKNOWN_CUSTOMER,
    debit: (id: number): DebitFacts => debits.get(id) ?? { stops: [], authorizations: [], history: [], cases: [] },
  };
}
export type FactCache = ReturnType<typeof createFactCache>;
