import {
  dateInTimeZone,
  daysBetween,
  maskSsn,
  normalizePhone,
  surveyPaths,
  USER_SUGGESTION_LIMIT,
  type CallQuery,
  type LoanInfo,
  type UserProfile,
  type UserSearchResponse,
  type userPageCalls,
} from '@portal/contracts';
import type { UserPageDeps } from './deps.ts';
import { badRequest, notFound } from '../../platform/http-error.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { bankNumbersBoxIfConfigured, toUserInfo } from '../customers/index.ts';
import {
  findCustomerIdOfLoan,
  findCustomerIdOfPayment,
  isActiveLoan,
  methodsOfChargeable,
  paymentState,
  toLoanInfo,
} from '../loans/index.ts';
import { findCustomerProfile, type CustomerProfile } from './profile-repository.ts';
import * as search from './search-repository.ts';

type SearchQuery = CallQuery<typeof userPageCalls.searchUsers>;

// GET users/search: the customer (with their loans) an id, email, phone, loan or payment names, or
// the customers a name may mean. Several customers sharing an email or phone are suggestions too.
export async function searchUsers(context: UserPageDeps, query: SearchQuery): Promise<UserSearchResponse> {
  const { db } = context;
  const text = query.search;
  switch (query.parameter) {
    case 'ID': {
      const id = wholeNumber(text, 'A customer ID is a number, like 1042.');
      return userOrNotFound(context, id, `No customer has ID ${text}.`);
    }
    case 'loan_id': {
      const id = wholeNumber(text, 'A loan ID is a number, like 5021.');
      const customerId = await findCustomerIdOfLoan(db, id);
      if (customerId === undefined) throw notFound(`No loan has ID ${text}.`);
      return userOrNotFound(context, customerId, `No loan has ID ${text}.`);
    }
    case 'payment_id': {
      const id = wholeNumber(text, 'A payment ID is a number, like 88012.');
      const customerId = await findCustomerIdOfPayment(db, id);
      if (customerId === undefined) throw notFound(`No payment has ID ${text}.`);
      return userOrNotFound(context, customerId, `No payment has ID ${text}.`);
    }
    case 'email': {
      const email = text.toLowerCase();
      if (!email.includes('@')) throw badRequest('An email search needs a whole address, like jane@example.com.');
      return oneOrSuggestions(
        context,
        await search.customerIdsByEmail(db, email),
        `No customer has the email ${text}.`,
      );
    }
    case 'phone': {
      const phone = phoneDigits(text);
      return oneOrSuggestions(
        context,
        await search.customerIdsByPhone(db, phone),
        `No customer has the phone number ${text}.`,
      );
    }
    case 'name':
      return nameSuggestions(context, text);
  }
}

function wholeNumber(text: string, problem: string): number {
  if (!/^\d{1,15}$/.test(text) || Number(text) < 1) throw badRequest(problem);
  return Number(text);
}

// The 10 digits, whatever separators were typed; a leading 1 (country code) is dropped.
function phoneDigits(text: string): string {
  const digits = normalizePhone(text).replace(/[^\d]/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (!/^\d{10}$/.test(national)) throw badRequest('A phone search needs the 10 digits of the number.');
  return national;
}

async function oneOrSuggestions(context: UserPageDeps, ids: number[], missing: string): Promise<UserSearchResponse> {
  if (ids.length === 0) throw notFound(missing);
  if (ids.length === 1) return userOrNotFound(context, ids[0]!, missing);
  const rows = await search.suggestionsByIds(context.db, ids.slice(0, USER_SUGGESTION_LIMIT));
  return { kind: 'suggestions', suggestions: rows.map(toSuggestion) };
}

async function nameSuggestions(context: UserPageDeps, text: string): Promise<UserSearchResponse> {
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((word) => word.length > 0);
  if (words.length === 0 || words.some((word) => /\d/.test(word)))
    throw badRequest('A name search needs a first and last name, like Jane Doe.');
  const found = await search.suggestionsByNamePrefix(context.db, words, USER_SUGGESTION_LIMIT);
  // Near spellings only when nothing matches as typed: a misspelt name still finds its customer,
  // and the common case stays two index scans.
  const rows =
    found.length > 0 ? found : await search.suggestionsBySimilarName(context.db, words, USER_SUGGESTION_LIMIT);
  if (rows.length === 0) throw notFound(`No customer is named ${text}.`);
  return { kind: 'suggestions', suggestions: rows.map(toSuggestion) };
}

function toSuggestion(row: search.SuggestionRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    ssn: maskSsn(row.ssnLast4),
    birthday: row.birthday,
    city: row.city,
    state: row.state,
  };
}

async function userOrNotFound(context: UserPageDeps, customerId: number, missing: string): Promise<UserSearchResponse> {
  const profile = await findCustomerProfile(context.db, customerId);
  if (!profile) throw notFound(missing);
  const today = dateInTimeZone(context.clock.now(), context.businessTimeZone);
  const eligibleMethods = methodsOfChargeable({ bank: profile.chargeableBank, card: profile.chargeableCard });
  const loans: LoanInfo[] = profile.loans
    .map((entry) => toLoanInfo(entry, { today, timeZone: context.businessTimeZone, eligibleMethods }))
    .reverse();
  return { kind: 'user', user: toUserProfile(profile, today, bankNumbersBoxIfConfigured(context)), loans };
}

// How many days the oldest unpaid payment of an active loan is past its due date (0 when none is).
export function daysDelayed(profile: Pick<CustomerProfile, 'loans'>, today: string): number {
  const overdue = profile.loans
    .filter(({ loan }) => isActiveLoan(loan))
    .flatMap(({ payments }) => payments.map(({ payment }) => payment))
    .filter((payment) => paymentState(payment) === 'due' && payment.due < today)
    .map((payment) => payment.due)
    .sort();
  return overdue[0] ? daysBetween(overdue[0], today) : 0;
}

function toUserProfile(profile: CustomerProfile, today: string, bankBox: SecretBox | null): UserProfile {
  const { customer } = profile;
  const flagDetail = (on: boolean, reason: string | null, context: string | null, by: string | null, at: Date | null) =>
    on ? { reason, context, employee_name: by, at: at?.toISOString() ?? null } : null;
  const emails = profile.emails.map((entry) => ({
    email: entry.email,
    added_at: entry.addedAt.toISOString(),
    primary: entry.email === customer.email,
  }));
  if (!emails.some((entry) => entry.primary))
    emails.unshift({ email: customer.email, added_at: customer.createdAt.toISOString(), primary: true });
  return {
    ...toUserInfo(profile, profile.comments, bankBox),
    verified_time: customer.verifiedAt?.toISOString() ?? null,
    dnc_detail: flagDetail(customer.dnc, customer.dncReason, customer.dncContext, profile.dncByName, customer.dncAt),
    dnl_detail: flagDetail(customer.dnl, customer.dnlReason, customer.dnlContext, profile.dnlByName, customer.dnlAt),
    cease_detail: flagDetail(
      customer.cease,
      customer.ceaseReason,
      customer.ceaseContext,
      profile.ceaseByName,
      customer.ceaseAt,
    ),
    attorney_detail: flagDetail(
      customer.attorney,
      customer.attorneyReason,
      customer.attorneyContext,
      profile.attorneyByName,
      customer.attorneyAt,
    ),
    plaid_needs_update_mode: customer.plaidNeedsUpdateMode,
    plaid_count: customer.plaidCount,
    ibv_count: customer.ibvCount,
    utm_source: customer.utmSource,
    utm_content: customer.utmContent,
    referral_code: customer.referralCode,
    referred_by:
      profile.referrerId !== null && profile.referrerName !== null
        ? { id: profile.referrerId, name: profile.referrerName }
        : null,
    referrals: profile.referrals,
    bounces: profile.bounceCount,
    days_delayed: daysDelayed(profile, today),
    ssn: maskSsn(customer.ssnLast4),
    emails,
    recent_messages: profile.recentMessages.map((message) => ({
      id: message.id,
      type: message.type,
      inbound: message.inbound,
      created_at: message.createdAt.toISOString(),
      subject: message.subject,
      body: message.body,
      status: message.status,
      held_until: message.heldUntil?.toISOString() ?? null,
    })),
    survey_links: profile.surveys.map((survey) => ({
      label: survey.name,
      url: surveyPaths.response(survey.path, customer.id),
    })),
    created_at: customer.createdAt.toISOString(),
  };
}
