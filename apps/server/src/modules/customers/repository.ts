import { and, eq, ne } from 'drizzle-orm';
import { bankAccounts, customerComments, customerEmails, customers, debitCards, type Executor } from '@portal/db';
import type { ContactChannel } from './contact.ts';
import { returnedRow } from '../../platform/returned-row.ts';

export type CustomerRecord = typeof customers.$inferSelect;

export async function findCustomer(db: Executor, id: number): Promise<CustomerRecord | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  return customer;
}

// The row locked for the rest of the transaction, so two edits of one customer apply one after the other.
export async function lockCustomer(db: Executor, id: number): Promise<CustomerRecord | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return customer;
}

export async function updateCustomer(
  db: Executor,
  id: number,
  values: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRecord> {
  return returnedRow(
    await db.update(customers).set(values).where(eq(customers.id, id)).returning(),
    `updateCustomer: customer ${id} vanished`,
  );
}

// Addresses are stored lowercased (validateUserField), so plain equality can use the indexes.
export async function findCustomerIdsByPrimaryEmail(db: Executor, email: string): Promise<number[]> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  return rows.map((row) => row.id);
}

export async function findCustomerIdsByPastEmail(db: Executor, email: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: customerEmails.customerId })
    .from(customerEmails)
    .where(eq(customerEmails.email, email));
  return rows.map((row) => row.id);
}

export async function findCustomerIdsByPhone(db: Executor, phone: string): Promise<number[]> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.phoneNumber, phone));
  return rows.map((row) => row.id);
}

// The customer a sender belongs to, or null. A primary email or phone wins over an old address;
// when several customers share what matched, nobody is chosen, so one customer's account is never
// shown against another's message: staff link such a ticket by hand.
export async function matchCustomerByContact(
  db: Executor,
  channel: ContactChannel,
  contact: string,
): Promise<number | null> {
  if (channel === 'text') return onlyOne(await findCustomerIdsByPhone(db, contact));
  const primary = await findCustomerIdsByPrimaryEmail(db, contact);
  if (primary.length > 0) return onlyOne(primary);
  return onlyOne(await findCustomerIdsByPastEmail(db, contact));
}

function onlyOne(ids: number[]): number | null {
  const unique = [...new Set(ids)];
  return unique.length === 1 ? (unique[0] ?? null) : null;
}

export async function customerHasEmail(db: Executor, customerId: number, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: customerEmails.id })
    .from(customerEmails)
    .where(and(eq(customerEmails.customerId, customerId), eq(customerEmails.email, email)))
    .limit(1);
  return rows.length > 0;
}

// Keeps an address in the customer's history (customer_emails) unless it is there already.
export async function rememberCustomerEmail(
  db: Executor,
  customerId: number,
  email: string,
  at: Date,
): Promise<boolean> {
  if (await customerHasEmail(db, customerId, email)) return false;
  await db.insert(customerEmails).values({ customerId, email, addedAt: at });
  return true;
}

// The columns a customer's email and phone number are kept in: no two customers share either.
const contactColumns = { email: customers.email, phone_number: customers.phoneNumber };

export async function findOtherCustomerWithContact(
  db: Executor,
  customerId: number,
  field: keyof typeof contactColumns,
  value: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(contactColumns[field], value), ne(customers.id, customerId)))
    .limit(1);
  return row?.id ?? null;
}

// Every address of the customer, oldest first; the primary one (customers.email) is marked, and
// listed even if an older version left it out of the history.
export async function listCustomerEmails(
  db: Executor,
  customer: Pick<CustomerRecord, 'id' | 'email' | 'createdAt'>,
): Promise<Array<{ email: string; addedAt: Date; primary: boolean }>> {
  const rows = await db
    .select({ email: customerEmails.email, addedAt: customerEmails.addedAt })
    .from(customerEmails)
    .where(eq(customerEmails.customerId, customer.id))
    .orderBy(customerEmails.addedAt, customerEmails.id);
  const list = rows.map((row) => ({ ...row, primary: row.email === customer.email }));
  if (!list.some((row) => row.primary))
    list.unshift({ email: customer.email, addedAt: customer.createdAt, primary: true });
  return list;
}

export type PaymentInstruments = {
  bankAccounts: Array<{ id: number; dnp: boolean }>;
  debitCards: Array<{ id: number; dnp: boolean }>;
};

export async function findPaymentInstruments(db: Executor, customerId: number): Promise<PaymentInstruments> {
  // One after the other: inside a transaction both run on the same connection anyway.
  const accounts = await db
    .select({ id: bankAccounts.id, dnp: bankAccounts.dnp })
    .from(bankAccounts)
    .where(eq(bankAccounts.customerId, customerId));
  const cards = await db
    .select({ id: debitCards.id, dnp: debitCards.dnp })
    .from(debitCards)
    .where(eq(debitCards.customerId, customerId));
  return { bankAccounts: accounts, debitCards: cards };
}

// The display name staff see in sentences ("Jane Q. Doe").
export function customerName(customer: Pick<CustomerRecord, 'firstName' | 'middleInitial' | 'lastName'>): string {
  return [customer.firstName, customer.middleInitial ? `${customer.middleInitial}.` : null, customer.lastName]
    .filter(Boolean)
    .join(' ');
}

export async function insertCustomerComment(
  executor: Executor,
  values: { customerId: number; employeeId: number; body: string; createdAt: Date },
): Promise<void> {
  await executor.insert(customerComments).values(values);
}
