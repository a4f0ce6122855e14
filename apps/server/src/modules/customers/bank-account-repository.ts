import { bankAccounts, type Executor } from '@portal/db';
import { asc, desc, sql } from 'drizzle-orm';
import type { SecretBox } from '../../platform/secret-box.ts';
import { sealBankNumbers } from './bank-numbers.ts';

// Stored bank numbers by id after `afterId`: those still in plain text (moved to numbers_sealed by
// migration 0041; the partial index bank_accounts_unsealed_idx holds exactly these rows), or every
// account's (a new SECRETS_KEY, rekey-bank-numbers.ts).
export async function findStoredBankNumbers(
  db: Executor,
  which: 'unsealed' | 'all',
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; stored: string }>> {
  return db
    .select({ id: bankAccounts.id, stored: bankAccounts.numbersSealed })
    .from(bankAccounts)
    .where(
      which === 'unsealed'
        ? sql`${bankAccounts.numbersSealed} not like 'gcm1:%' and ${bankAccounts.id} > ${afterId}`
        : sql`${bankAccounts.id} > ${afterId}`,
    )
    .orderBy(asc(bankAccounts.id))
    .limit(limit);
}

export type BankNumbersReplacement = {
  id: number;
  // The value read: a row changed since (another process sealed it) is left alone.
  from: string;
  sealed: string;
  last4: string;
};

// Many rows in one statement, one array per column (decision 006). Answers how many rows changed.
export async function replaceBankNumbers(db: Executor, rows: readonly BankNumbersReplacement[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Raw statements answer rows whose shape the driver decides; only their number is read.
  const result = (await db.execute(sql`
    update bank_accounts as b
    set numbers_sealed = u.sealed, account_last4 = u.last4
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::bigint[],
      ${sql.param(rows.map((row) => row.from))}::text[],
      ${sql.param(rows.map((row) => row.sealed))}::text[],
      ${sql.param(rows.map((row) => row.last4))}::text[]
    ) as u(id, read, sealed, last4)
    where b.id = u.id and b.numbers_sealed = u.read
    returning b.id`)) as { rows: unknown[] };
  return result.rows.length;
}

export type NewBankAccount = {
  customerId: number;
  routing: string;
  account: string;
  dnp?: boolean;
  addedAt?: Date;
};

// A bank account written sealed (decision 070): its id is taken from the table's sequence first,
// since the sealed numbers are bound to it. Answers the id.
export async function insertBankAccount(db: Executor, box: SecretBox, input: NewBankAccount): Promise<number> {
  const [reserved] = await db
    .select({ id: sql<string>`nextval(pg_get_serial_sequence('bank_accounts', 'id'))` })
    .from(sql`(values (1)) as one`);
  const id = Number(reserved!.id);
  const { sealed, last4 } = sealBankNumbers(box, id, { routing: input.routing, account: input.account });
  await db.insert(bankAccounts).values({
    id,
    customerId: input.customerId,
    numbersSealed: sealed,
    accountLast4: last4,
    dnp: input.dnp ?? false,
    ...(input.addedAt ? { addedAt: input.addedAt } : {}),
  });
  return id;
}

// The newest sealed bank numbers, for the start's check that SECRETS_KEY opens what is stored.
export async function findNewestSealedBankNumbers(
  db: Executor,
  limit: number,
): Promise<Array<{ id: number; stored: string }>> {
  return db
    .select({ id: bankAccounts.id, stored: bankAccounts.numbersSealed })
    .from(bankAccounts)
    .where(sql`${bankAccounts.numbersSealed} like 'gcm1:%'`)
    .orderBy(desc(bankAccounts.id))
    .limit(limit);
}
