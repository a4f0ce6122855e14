import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bounces,
  customerEmails,
  customers,
  loans,
  messages,
  payments,
  surveyAnswers,
  surveys,
  type Database,
} from '@portal/db';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import {
  customerCardFields,
  customerCommentsJson,
  decodeCustomerComments,
  latestBankJoin,
  latestCardJoin,
} from '../customers/index.ts';
import { customerLoansJson, decodeCustomerLoans } from '../loans/index.ts';
import { employeeNameOf } from '../session/index.ts';

// The user card in one round trip (decision 013): the customer row with their newest bank account
// and card, every address, comments, loans with payments and bounces, the referrer and referrals,
// the newest messages, who set DNC/DNL and the surveys answered, as one prepared statement over
// customers.

export const RECENT_MESSAGES = 10;
export const REFERRALS_SHOWN = 50;

type JsonList = Array<Record<string, unknown>>;

const referrer = alias(customers, 'referrer');

const emailsJson = sql<JsonList>`(select coalesce(json_agg(json_build_object('email', e.email, 'addedAt', e.added_at) order by e.added_at, e.id), '[]'::json)
  from ${customerEmails} e where e.customer_id = ${customers.id})`;
const referralsJson = sql<JsonList>`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.first_name || ' ' || r.last_name) order by r.id), '[]'::json)
  from (select r.id, r.first_name, r.last_name from ${customers} r
        where r.referrer_id = ${customers.id} order by r.id limit ${sql.raw(String(REFERRALS_SHOWN))}) r)`;
// The newest messages of either channel, through messages_customer_idx (customer, type, time).
const recentOfType = (
  type: 'text' | 'email',
) => sql`(select ${messages.id} as id, ${messages.type} as type, ${messages.inbound} as inbound,
    ${messages.createdAt} as created_at, ${messages.subject} as subject, ${messages.body} as body, ${messages.status} as status,
    ${messages.heldUntil} as held_until
  from ${messages} where ${messages.customerId} = ${customers.id} and ${messages.type} = ${sql.raw(`'${type}'`)}
  order by ${messages.createdAt} desc, ${messages.id} desc limit ${sql.raw(String(RECENT_MESSAGES))})`;
const recentMessagesJson = sql<JsonList>`(select coalesce(json_agg(json_build_object('id', m.id, 'type', m.type, 'inbound', m.inbound,
    'createdAt', m.created_at, 'subject', m.subject, 'body', m.body, 'status', m.status, 'heldUntil', m.held_until) order by m.created_at desc, m.id desc), '[]'::json)
  from (select * from (${recentOfType('text')} union all ${recentOfType('email')}) both_channels
        order by created_at desc, id desc limit ${sql.raw(String(RECENT_MESSAGES))}) m)`;
// The surveys the customer answered (the card links to their answers), through survey_answers'
// (survey, customer) index: one probe per survey, however many answers there are.
const surveysJson = sql<JsonList>`(select coalesce(json_agg(json_build_object('path', s.path, 'name', s.name) order by s.name, s.path), '[]'::json)
  from ${surveys} s where exists (select 1 from ${surveyAnswers} a where a.survey_id = s.id and a.customer_id = ${customers.id}))`;
const bounceCount = sql<number>`(select count(*)::int from ${bounces}
  join ${payments} on ${payments.id} = ${bounces.paymentId} join ${loans} on ${loans.id} = ${payments.loanId}
  where ${loans.customerId} = ${customers.id})`;

const profileStatement = preparedPerDatabase((db) =>
  db
    .select({
      customer: customers,
      ...customerCardFields,
      referrerId: referrer.id,
      referrerName: sql<string | null>`${referrer.firstName} || ' ' || ${referrer.lastName}`,
      dncByName: employeeNameOf(customers.dncEmployeeId),
      dnlByName: employeeNameOf(customers.dnlEmployeeId),
      ceaseByName: employeeNameOf(customers.ceaseEmployeeId),
      attorneyByName: employeeNameOf(customers.attorneyEmployeeId),
      bounceCount,
      emails: emailsJson,
      comments: customerCommentsJson,
      loans: customerLoansJson(customers.id),
      referrals: referralsJson,
      recentMessages: recentMessagesJson,
      surveys: surveysJson,
    })
    .from(customers)
    .leftJoin(...latestBankJoin)
    .leftJoin(...latestCardJoin)
    .leftJoin(referrer, eq(referrer.id, customers.referrerId))
    .where(eq(customers.id, sql.placeholder('customerId')))
    .prepare('user_page_profile'),
);

export async function findCustomerProfile(db: Database, customerId: number) {
  const [row] = await profileStatement(db).execute({ customerId });
  if (!row) return undefined;
  return {
    ...row,
    emails: row.emails.map((entry) => ({ email: String(entry.email), addedAt: new Date(String(entry.addedAt)) })),
    comments: decodeCustomerComments(row.comments),
    loans: decodeCustomerLoans(row.loans),
    referrals: row.referrals.map((entry) => ({ id: Number(entry.id), name: String(entry.name) })),
    recentMessages: row.recentMessages.map((entry) => ({
      id: Number(entry.id),
      type: entry.type as 'text' | 'email' | 'notification',
      inbound: Boolean(entry.inbound),
      createdAt: new Date(String(entry.createdAt)),
      subject: (entry.subject as string | null) ?? null,
      body: String(entry.body),
      status: String(entry.status),
      heldUntil: entry.heldUntil ? new Date(String(entry.heldUntil)) : null,
    })),
    surveys: row.surveys.map((entry) => ({ path: String(entry.path), name: String(entry.name) })),
  };
}
export type CustomerProfile = NonNullable<Awaited<ReturnType<typeof findCustomerProfile>>>;
