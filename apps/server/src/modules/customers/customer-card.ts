import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars, type UserInfo } from '@portal/contracts';
import {
  bankAccounts,
  customerComments,
  customers,
  debitCards,
  jsonObject,
  jsonObjectDecoder,
  type JsonObjectRow,
} from '@portal/db';
import type { SecretBox } from '../../platform/secret-box.ts';
import { employeeNameOf } from '../session/index.ts';
import { readableRouting } from './bank-numbers.ts';
import { chargeableBankOf, chargeableCardOf } from './customer-reads.ts';

// The customer's personal information as the ticket view's panel and the user card show it: the
// comments as one JSON value inside a query over customers (decision 013), and the mapping of a
// customer row with its newest bank account and card to the wire.

const commentColumns = {
  id: customerComments.id,
  body: customerComments.body,
  createdAt: customerComments.createdAt,
};
export type CommentRow = JsonObjectRow<typeof commentColumns> & { employeeName: string | null };
type JsonList = Array<Record<string, unknown>>;

// Newest first, as the panels list them. Correlated with customers.id of the enclosing query.
const commentJson = sql`json_build_object('comment', ${jsonObject(commentColumns)}, 'employeeName', ${employeeNameOf(customerComments.employeeId)})`;
export const customerCommentsJson = sql<JsonList>`(select coalesce(json_agg(${commentJson} order by ${customerComments.createdAt} desc, ${customerComments.id} desc), '[]'::json)
  from ${customerComments} where ${customerComments.customerId} = ${customers.id})`;

const decodeComment = jsonObjectDecoder(commentColumns);
export const decodeCustomerComments = (list: JsonList): CommentRow[] =>
  list.map((row) => ({
    ...decodeComment(row.comment as Record<string, unknown>),
    employeeName: row.employeeName as string | null,
  }));

// The customer's newest bank account and debit card, and whether any may be charged (not marked
// do-not-pay): the fields both reads (GET ticket, the user card) select beside the customer row,
// and the joins that bring them (correlated with customers.id of the enclosing query).
const latestBank = alias(bankAccounts, 'latest_bank');
const latestCard = alias(debitCards, 'latest_card');
export const customerCardFields = {
  bankAccountId: latestBank.id,
  bankNumbersSealed: latestBank.numbersSealed,
  bankAccountLast4: latestBank.accountLast4,
  bankDnp: latestBank.dnp,
  bankAddedAt: latestBank.addedAt,
  cardLastFour: latestCard.lastFour,
  cardDnp: latestCard.dnp,
  cardAddedAt: latestCard.addedAt,
  chargeableBank: chargeableBankOf(customers.id),
  chargeableCard: chargeableCardOf(customers.id),
};
export const latestBankJoin = [
  latestBank,
  eq(
    latestBank.id,
    sql`(select b.id from ${bankAccounts} b where b.customer_id = ${customers.id} order by b.added_at desc, b.id desc limit 1)`,
  ),
] as const;
export const latestCardJoin = [
  latestCard,
  eq(
    latestCard.id,
    sql`(select d.id from ${debitCards} d where d.customer_id = ${customers.id} order by d.added_at desc, d.id desc limit 1)`,
  ),
] as const;

// A customer row with its newest bank account and debit card, as both reads select them.
export type CustomerCardRow = {
  customer: typeof customers.$inferSelect;
  bankAccountId: number | null;
  bankNumbersSealed: string | null;
  bankAccountLast4: string | null;
  bankDnp: boolean | null;
  bankAddedAt: Date | null;
  cardLastFour: string | null;
  cardDnp: boolean | null;
  cardAddedAt: Date | null;
};

// `bankBox` opens the newest bank account's numbers for its routing number (decision 070); null
// without SECRETS_KEY, when the card shows the account by its last four digits alone.
export function toUserInfo(
  profile: CustomerCardRow,
  comments: readonly CommentRow[],
  bankBox: SecretBox | null,
): UserInfo {
  const { customer } = profile;
  return {
    id: customer.id,
    first_name: customer.firstName,
    middle_initial: customer.middleInitial,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phoneNumber,
    birthday: customer.birthday,
    verified: customer.verified,
    dnc: customer.dnc,
    dnl: customer.dnl,
    cease: customer.cease,
    attorney: customer.attorney,
    dnp: customer.dnp,
    street: customer.street,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
    cycle: customer.cycle,
    user_credit: centsToDollars(customer.userCreditCents),
    // Never the whole account number.
    bank_account:
      profile.bankAccountId !== null && profile.bankAccountLast4 !== null && profile.bankAddedAt !== null
        ? {
            account_last4: profile.bankAccountLast4,
            routing: readableRouting(bankBox, profile.bankAccountId, profile.bankNumbersSealed ?? '') ?? '',
            added: profile.bankAddedAt.toISOString(),
            dnp: profile.bankDnp ?? false,
          }
        : null,
    debit_card:
      profile.cardLastFour !== null && profile.cardAddedAt !== null
        ? { last_four: profile.cardLastFour, added: profile.cardAddedAt.toISOString(), dnp: profile.cardDnp ?? false }
        : null,
    comments: comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      created_at: comment.createdAt.toISOString(),
      employee_name: comment.employeeName,
    })),
  };
}
