import { createHash, randomUUID } from 'node:crypto';
import {
  ACH_REFUSALS_SHOWN,
  achDays,
  centsToDollars,
  dateInTimeZone,
  debitDoorRefusal,
  formatDollars,
  formatNoticeDate,
  isRoutingNumber,
  type AchFile,
  type AchRefusal,
  type BuildAchFileResponse,
  type DebitDuty,
  type Withdrawal,
} from '@portal/contracts';
import type { Executor, Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { conflict, HttpError } from '../../platform/http-error.ts';
import { findBankruptciesOfCustomers } from '../bankruptcies/index.ts';
import {
  bankNumbersBoxOf,
  findBankAccountsByIds,
  findDebitAccountsOfCustomers,
  type DebitAccountOfCustomer,
} from '../customers/index.ts';
import * as achRepository from './ach-repository.ts';
import type { AchFileRecord, DueDebit } from './ach-repository.ts';
import {
  findLatestAuthorizationsOfCustomers,
  findPaymentsWithBouncesOfCustomers,
  findStopsInForceOfCustomers,
  lockDebitsOfCustomers,
} from './debit-stop-repository.ts';
import { buildNachaFile, traceSequenceAfter, type NachaEntry } from './nacha-file.ts';
import { returnCodeBook } from './return-codes.ts';
import { withdrawalHistory } from './withdrawal-history.ts';

// POST ach/files (issue 41, decision 068): the day's NACHA file, and the door for money. The ACH
// payments due from the day the file goes through the day it settles, and the refunds not yet
// credited, are taken customer by customer: each batch of customers is one transaction under their
// debit locks (the lock a return and an authorization take), in which every debit is judged by the
// door (contracts' debitDoorRefusal) from the facts read there and then, whatever a screen said
// before; a debit that passes becomes an entry and its payment processing, one that does not is
// kept out with its duty and sentence. Then the file is written from its entries, stored, and
// recorded with its totals. A crash between batches leaves the file building; the next build
// finishes it (every entry written stays; payments already processing are not taken twice).

// Customers per transaction: each holds one advisory lock per customer until it commits, and the
// lock table is shared (max_locks_per_transaction).
export const ACH_CUSTOMERS_PER_TRANSACTION = 500;
const ACH_BATCHES_AT_ONCE = 2;
// A builder silent this long is taken to have crashed.
const STALE_BUILDER_MS = 2 * 60_000;
const FILE_ID_MODIFIERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
// What the customer's bank statement shows for the lender's entries.
const ENTRY_DESCRIPTION = 'LOANPAYMNT';

type AchContext = Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone' | 'ach' | 'storage' | 'secretsKey'>;

// What an entry writes of its bank account: the numbers opened (decision 070) and the holder.
type EntryAccount = { routingNumber: string; accountNumber: string; firstName: string; lastName: string };
// A build's accounts by id, opened once: as the door admits a debit on one, the file writes it.
type OpenedAccounts = Map<number, EntryAccount>;

export const achFileName = (file: Pick<AchFileRecord, 'processingDate' | 'fileIdModifier'>) =>
  `ach-${file.processingDate}-${file.fileIdModifier}.txt`;

function notConfigured(context: AchContext): never {
  const missing = context.ach.configured ? [] : context.ach.missing;
  throw new HttpError(
    503,
    `ACH files are not configured on this server: set ${missing.join(', ')} (see the README's configuration table).`,
  );
}

// The file to fill: a new one for the day, or one a crashed build left (its days kept: its entries
// were judged for them). Refused while another build is under way.
async function startFile(context: AchContext, actor: Actor, now: Date): Promise<AchFileRecord> {
  return context.db.transaction(async (tx) => {
    // Builders start one at a time: the second sees the first's file building.
    await achRepository.lockFileStart(tx);
    const building = await achRepository.findBuildingFile(tx);
    if (building) {
      if (now.getTime() - building.heartbeatAt.getTime() < STALE_BUILDER_MS)
        throw conflict(
          `ACH file ${achFileName(building)} is being built right now (since ${building.startedAt.toISOString()}); wait for it to finish, then build again if more is due.`,
        );
      await achRepository.updateAchFile(tx, building.id, { heartbeatAt: now });
      return building;
    }
    const days = achDays(now, context.businessTimeZone, context.ach.cutoffMinute);
    const taken = new Set(await achRepository.findFileModifiersOf(tx, days.processingDate));
    const modifier = FILE_ID_MODIFIERS.find((candidate) => !taken.has(candidate));
    if (!modifier)
      throw conflict(
        `${FILE_ID_MODIFIERS.length} ACH files were already built for ${formatNoticeDate(days.processingDate)}, as many as NACHA's file ID modifier can tell apart.`,
      );
    const latest = await achRepository.findLatestFile(tx);
    // Trace numbers run on from the last file's last one.
    const firstTraceSequence = latest
      ? traceSequenceAfter(latest.firstTraceSequence, await achRepository.findLastSequence(tx, latest.id))
      : 1;
    return achRepository.insertAchFile(tx, {
      processingDate: days.processingDate,
      effectiveDate: days.effectiveDate,
      fileIdModifier: modifier,
      firstTraceSequence,
      builtBy: actor.employeeId,
      startedAt: now,
      heartbeatAt: now,
    });
  });
}

type CustomerFacts = {
  history: Withdrawal[];
  stop: { id: number; reason: string } | null;
  authorizedOn: string | null;
  cases: Awaited<ReturnType<typeof findBankruptciesOfCustomers>>;
  account: DebitAccountOfCustomer | undefined;
};

async function readFacts(
  tx: Executor,
  box: SecretBox,
  timeZone: string,
  ids: readonly number[],
): Promise<Map<number, CustomerFacts>> {
  const histories = await findPaymentsWithBouncesOfCustomers(tx, ids);
  const stops = await findStopsInForceOfCustomers(tx, ids);
  const authorizations = await findLatestAuthorizationsOfCustomers(tx, ids);
  const cases = await findBankruptciesOfCustomers(tx, ids);
  const accounts = await findDebitAccountsOfCustomers(tx, box, ids);
  const facts = new Map<number, CustomerFacts>();
  for (const id of ids)
    facts.set(id, {
      history: withdrawalHistory(histories.get(id) ?? [], timeZone),
      stop: null,
      authorizedOn: null,
      cases: [],
      account: undefined,
    });
  for (const stop of stops) facts.get(stop.customerId)!.stop = { id: stop.id, reason: stop.reason };
  for (const row of authorizations) facts.get(row.customerId)!.authorizedOn = dateInTimeZone(row.givenAt, timeZone);
  for (const entry of cases) facts.get(entry.customerId)?.cases.push(entry);
  for (const account of accounts) facts.get(account.customerId)!.account = account;
  return facts;
}

type Refused = { paymentId: number; duty: DebitDuty; sentence: string };

// The door, for one customer's debit: why it may not go, or null.
function judge(debit: DueDebit, facts: CustomerFacts, presentOn: string): Refused | null {
  const account = facts.account?.account ?? null;
  const refusal = debitDoorRefusal(
    {
      paymentId: debit.payment.id,
      loanId: debit.payment.loanId,
      representsPaymentId: debit.payment.representsPaymentId,
      autoDebit: debit.autoDebit,
      customerDnp: facts.account?.dnp ?? false,
      account: account
        ? { dnp: account.dnp, routingValid: isRoutingNumber(account.routingNumber), readable: account.readable }
        : null,
    },
    { stopInForce: facts.stop, authorizedOn: facts.authorizedOn, history: facts.history, cases: facts.cases },
    { presentOn, returnCodes: returnCodeBook },
  );
  return refusal ? { paymentId: debit.payment.id, ...refusal } : null;
}

// A batch of customers and the block of sequences its entries take: as many as the debits and
// refunds it had when the build began (a debit made due since waits for the next file).
type Batch = { customerIds: number[]; withRefunds: boolean; firstSequence: number; size: number };

// One batch of customers in one transaction: their debits judged and admitted, their refunds
// credited. Batches hold no customer in common and their blocks of sequences do not meet, so two run
// at once; a block's unused sequences (a refused debit) are gaps, which NACHA allows (trace numbers
// ascend within a batch).
async function admitBatch(
  tx: Transaction,
  context: AchContext,
  file: AchFileRecord,
  batch: Batch,
  now: Date,
  opened: OpenedAccounts,
) {
  const ids = batch.customerIds;
  await lockDebitsOfCustomers(tx, ids);
  const range = { from: file.processingDate, to: file.effectiveDate };
  const debits = await achRepository.findDueDebitsOfCustomers(tx, ids, range);
  const refunds = batch.withRefunds ? await achRepository.findUnsentRefundsOfCustomers(tx, ids) : [];
  const facts = await readFacts(tx, bankNumbersBoxOf(context), context.businessTimeZone, ids);
  const originatingDfi = context.ach.configured ? context.ach.originatingDfi : '';
  let sequence = batch.firstSequence;
  const entries: Parameters<typeof achRepository.insertAchEntries>[1] = [];
  const refused: Refused[] = [];
  const add = (kind: 'debit' | 'credit', row: DueDebit, customer: CustomerFacts) => {
    if (sequence >= batch.firstSequence + batch.size) return;
    const { account: holder } = customer;
    const bankAccountId = holder!.account!.id;
    const trace = traceSequenceAfter(file.firstTraceSequence, sequence - 1);
    entries.push({
      fileId: file.id,
      paymentId: row.payment.id,
      kind,
      amountCents: row.payment.expectedAmountCents,
      traceNumber: originatingDfi + String(trace).padStart(7, '0'),
      sequence,
      bankAccountId,
    });
    opened.set(bankAccountId, { ...holder!.account!, firstName: holder!.firstName, lastName: holder!.lastName });
    sequence += 1;
  };
  for (const debit of debits) {
    const customer = facts.get(debit.customerId)!;
    const refusal = judge(debit, customer, file.effectiveDate);
    if (refusal) refused.push(refusal);
    else add('debit', debit, customer);
  }
  for (const refund of refunds) {
    const customer = facts.get(refund.customerId)!;
    const account = customer.account?.account;
    if (account?.readable && isRoutingNumber(account.routingNumber)) add('credit', refund, customer);
    else
      refused.push({
        paymentId: refund.payment.id,
        duty: 'no_bank_account',
        sentence: `The refund of payment ${refund.payment.id} waits: the customer has no bank account on file that can be credited (none, a routing number that fails its check digit, or numbers that do not open with this server's key).`,
      });
  }
  await achRepository.insertAchEntries(tx, entries);
  await achRepository.markPaymentsPresented(
    tx,
    entries.filter((entry) => entry.kind === 'debit').map((entry) => entry.paymentId),
    now,
  );
  await achRepository.insertAchRefusals(
    tx,
    refused.map((refusal) => ({ fileId: file.id, ...refusal })),
  );
  await achRepository.updateAchFile(tx, file.id, { heartbeatAt: context.clock.now() });
}

function nachaSettings(context: AchContext, file: AchFileRecord) {
  if (!context.ach.configured) notConfigured(context);
  const { ach } = context;
  return {
    immediateDestination: ach.immediateDestination,
    immediateDestinationName: ach.immediateDestinationName,
    immediateOrigin: ach.immediateOrigin,
    immediateOriginName: ach.immediateOriginName,
    companyName: ach.companyName,
    companyIdentification: ach.companyIdentification,
    companyEntryDescription: ENTRY_DESCRIPTION,
    originatingDfi: ach.originatingDfi,
    fileIdModifier: file.fileIdModifier,
    timeZone: context.businessTimeZone,
  };
}

// The file written from its entries, stored, and recorded ready with its totals.
// The accounts this build admitted are opened already; those of entries a crashed build wrote are
// read and opened here.
async function finishFile(
  context: AchContext,
  actor: Actor,
  file: AchFileRecord,
  now: Date,
  opened: OpenedAccounts,
): Promise<AchFileRecord> {
  const entries = await achRepository.findEntriesOfFile(context.db, file.id);
  const accounts = new Map<number, EntryAccount>(opened);
  const unread = entries.map((entry) => entry.bankAccountId).filter((id) => !accounts.has(id));
  for (const account of await findBankAccountsByIds(context.db, bankNumbersBoxOf(context), unread))
    accounts.set(account.id, account);
  const lines: NachaEntry[] = entries.map((entry) => {
    const account = accounts.get(entry.bankAccountId)!;
    return {
      kind: entry.kind,
      routingNumber: account.routingNumber,
      accountNumber: account.accountNumber,
      accountType: 'checking',
      amountCents: entry.amountCents,
      individualId: String(entry.paymentId),
      individualName: `${account.firstName} ${account.lastName}`,
      traceSequence: traceSequenceAfter(file.firstTraceSequence, entry.sequence - 1),
    };
  });
  const counts = await achRepository.countFileRows(context.db, file.id);
  const totals = {
    debitCount: entries.filter((entry) => entry.kind === 'debit').length,
    creditCount: entries.filter((entry) => entry.kind === 'credit').length,
    refusedCount: counts.refusals,
  };
  let stored: Partial<AchFileRecord> = {};
  if (entries.length > 0) {
    const built = buildNachaFile(nachaSettings(context, file), lines, file.effectiveDate, now);
    built.traceNumbers.forEach((trace, index) => {
      if (trace !== entries[index]!.traceNumber)
        throw new Error(
          `ACH file ${file.id}: entry ${index + 1}'s trace ${entries[index]!.traceNumber} is not ${trace}.`,
        );
    });
    const content = Buffer.from(built.text, 'ascii');
    const storageKey = `ach/files/${file.processingDate}/${file.id}-${randomUUID()}.txt`;
    await context.storage.write(storageKey, content);
    stored = {
      storageKey,
      sha256: createHash('sha256').update(content).digest('hex'),
      byteSize: content.length,
      totalDebitCents: built.totalDebitCents,
      totalCreditCents: built.totalCreditCents,
      entryHash: built.entryHash,
    };
  }
  return context.db.transaction(async (tx) => {
    const values = { ...stored, ...totals, status: 'ready' as const, readyAt: context.clock.now() };
    await achRepository.updateAchFile(tx, file.id, values);
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'ach.file_built',
      entityType: 'ach_file',
      entityId: file.id,
      after: {
        file_name: achFileName(file),
        processing_date: file.processingDate,
        effective_date: file.effectiveDate,
        debit_count: totals.debitCount,
        credit_count: totals.creditCount,
        total_debit_cents: stored.totalDebitCents ?? 0,
        total_credit_cents: stored.totalCreditCents ?? 0,
        refused_count: totals.refusedCount,
        sha256: stored.sha256 ?? null,
      },
      ipAddress: actor.ipAddress,
    });
    return { ...file, ...values };
  });
}

export function achFileWire(file: AchFileRecord, builtBy: string | null): AchFile {
  return {
    id: file.id,
    status: file.status,
    file_name: achFileName(file),
    processing_date: file.processingDate,
    effective_date: file.effectiveDate,
    debit_count: file.debitCount,
    credit_count: file.creditCount,
    total_debits: centsToDollars(file.totalDebitCents),
    total_credits: centsToDollars(file.totalCreditCents),
    entry_hash: file.entryHash,
    refused_count: file.refusedCount,
    sha256: file.sha256,
    built_by: builtBy,
    started_at: file.startedAt.toISOString(),
    ready_at: file.readyAt?.toISOString() ?? null,
  };
}

function builtSentence(file: AchFileRecord): string {
  const refused =
    file.refusedCount === 0
      ? ''
      : ` ${file.refusedCount === 1 ? '1 was' : `${file.refusedCount} were`} kept out by the duties at the door, each with its reason.`;
  if (file.debitCount + file.creditCount === 0)
    return `No entry to send: no ACH payment due ${formatNoticeDate(file.processingDate)} to ${formatNoticeDate(file.effectiveDate)} may go, and no refund waits to be credited.${refused}`;
  const debits = `${file.debitCount} debit${file.debitCount === 1 ? '' : 's'} (${formatDollars(file.totalDebitCents)})`;
  const credits = `${file.creditCount} refund${file.creditCount === 1 ? '' : 's'} (${formatDollars(file.totalCreditCents)})`;
  return `ACH file ${achFileName(file)} is ready: ${debits} and ${credits}, settling ${formatNoticeDate(file.effectiveDate)}; the debits are now processing.${refused}`;
}

export async function buildAchFile(context: AchContext, actor: Actor): Promise<BuildAchFileResponse> {
  if (!context.ach.configured) notConfigured(context);
  const now = context.clock.now();
  const file = await startFile(context, actor, now);
  const range = { from: file.processingDate, to: file.effectiveDate };
  // After the entries a crashed build of this file wrote.
  let next = (await achRepository.findLastSequence(context.db, file.id)) + 1;
  const batches: Batch[] = [];
  const candidates = await achRepository.findAchCustomers(context.db, range);
  for (let start = 0; start < candidates.length; start += ACH_CUSTOMERS_PER_TRANSACTION) {
    const slice = candidates.slice(start, start + ACH_CUSTOMERS_PER_TRANSACTION);
    const size = slice.reduce((total, candidate) => total + candidate.items, 0);
    batches.push({
      customerIds: slice.map((candidate) => candidate.customerId),
      withRefunds: slice.some((candidate) => candidate.refunds > 0),
      firstSequence: next,
      size,
    });
    next += size;
  }
  // Two batches at a time (a core each on the database); each its own transaction.
  const opened: OpenedAccounts = new Map();
  let taken = 0;
  const worker = async () => {
    for (let batch = batches[taken++]; batch; batch = batches[taken++]) {
      const current = batch;
      await context.db.transaction((tx) => admitBatch(tx, context, file, current, now, opened));
    }
  };
  await Promise.all(Array.from({ length: ACH_BATCHES_AT_ONCE }, worker));
  const ready = await finishFile(context, actor, file, now, opened);
  const refusals: AchRefusal[] = (await achRepository.findRefusalsOfFile(context.db, file.id, ACH_REFUSALS_SHOWN)).map(
    (row) => ({
      payment_id: row.paymentId,
      loan_id: row.loanId,
      duty: row.duty as DebitDuty,
      sentence: row.sentence,
    }),
  );
  return { message: builtSentence(ready), file: achFileWire(ready, actor.name), refusals };
}
