import {
  DISPUTE_MESSAGES,
  DISPUTE_USER_SEARCH_PAGE_SIZE,
  USER_SEARCH_PRIMARY_FIELDS,
  USER_SEARCH_SECONDARY_FIELDS,
  usDateToIso,
  userSearchFieldProblems,
  userSearchType,
  type CallQuery,
  type DisputeUserResult,
  type DisputeUserSearchResponse,
  type disputeCalls,
  type UserSearchValues,
} from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import { badRequest } from '../../platform/http-error.ts';
import type { Actor } from '../../platform/actor.ts';
import { customerExists, searchCustomersBySsn } from '../customers/index.ts';
import { findCustomerIdOfLoan, findFundedLoansOfCustomers, isActiveLoan, type FundedLoanRow } from '../loans/index.ts';
import {
  findCustomerPage,
  secondaryConditions,
  whereAll,
  whereIdIn,
  type SecondaryCriteria,
  type UserSearchRow,
} from './user-search-repository.ts';

// GET disputes_dashboard/search/user_search: finding the customer a letter is about. The shared
// rule decides whether the criteria are enough (one unique identifier, or two other fields) and
// well-formed, with the sentences the screen shows. A unique identifier is matched exactly (every
// one given must name the same customer, and the other fields are then not used); otherwise every
// field given must match. Nothing here links the dispute: staff apply the customer they choose.

export type UserSearchQuery = CallQuery<typeof disputeCalls.userSearch>;

function valuesOf(query: UserSearchQuery): UserSearchValues {
  const values: UserSearchValues = {};
  for (const field of [...USER_SEARCH_PRIMARY_FIELDS, ...USER_SEARCH_SECONDARY_FIELDS]) {
    const text = query[field]?.trim();
    if (text) values[field] = text;
  }
  return values;
}

// Why the search cannot run: 400 with the spec's sentence, then each field's own.
function refuseUnlessSearchable(values: UserSearchValues): 'primary' | 'secondary' {
  const problems = Object.values(userSearchFieldProblems(values));
  if (problems.length > 0) throw badRequest([DISPUTE_MESSAGES.correctBeforeSearching, ...problems]);
  const type = userSearchType(values);
  if (type === null) throw badRequest(DISPUTE_MESSAGES.searchCriteria);
  return type;
}

export function secondaryCriteria(values: UserSearchValues): SecondaryCriteria {
  const lower = (text: string | undefined) => text?.toLowerCase();
  return {
    firstName: lower(values.first_name),
    lastName: lower(values.last_name),
    birthday: values.dob === undefined ? undefined : (usDateToIso(values.dob) ?? undefined),
    ssnLast4: values.ssn_last_four,
    phoneNumber: values.phone_number?.replace(/\D/g, ''),
    email: lower(values.email),
    street: lower(values.street),
    city: lower(values.city),
    state: values.state,
    zip5: values.zip?.slice(0, 5),
  };
}

// The customers every unique identifier given names (usually one, or none).
async function primaryMatches(context: DisputesDeps, actor: Actor, values: UserSearchValues): Promise<number[]> {
  const sets: number[][] = [];
  if (values.user_id !== undefined) {
    const id = Number(values.user_id);
    sets.push((await customerExists(context.db, id)) ? [id] : []);
  }
  if (values.loan_id !== undefined) {
    const owner = await findCustomerIdOfLoan(context.db, Number(values.loan_id));
    sets.push(owner === undefined ? [] : [owner]);
  }
  // Through the one SSN door (customers/ssn-search.ts): the reveal's power, audited and limited
  // per employee. Without SECRETS_KEY this answers 503, as every SSN look-up does.
  if (values.ssn !== undefined) sets.push(await searchCustomersBySsn(context, actor, values.ssn));
  const [first = [], ...others] = sets;
  return [...new Set(first)].filter((id) => others.every((set) => set.includes(id)));
}

// The newest active loan is the active one; the customer's other funded loans are listed.
function loansOf(customerId: number, loans: FundedLoanRow[]) {
  const own = loans.filter((loan) => loan.customerId === customerId);
  const active = own.find(isActiveLoan);
  return {
    active_loan_id: active?.id ?? null,
    other_funded_loan_ids: own.filter((loan) => loan !== active).map((loan) => loan.id),
  };
}

function toResult(row: UserSearchRow, loans: FundedLoanRow[]): DisputeUserResult {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    birthday: row.birthday,
    ssn_last_four: row.ssnLast4,
    email: row.email,
    phone_number: row.phoneNumber,
    address: { street: row.street, city: row.city, state: row.state, zip: row.zip },
    ...loansOf(row.id, loans),
  };
}

export async function searchDisputeUsers(
  context: DisputesDeps,
  actor: Actor,
  query: UserSearchQuery,
): Promise<DisputeUserSearchResponse> {
  const values = valuesOf(query);
  const searchType = refuseUnlessSearchable(values);
  const page = query.page;
  const limit = DISPUTE_USER_SEARCH_PAGE_SIZE;
  const offset = (page - 1) * limit;
  let found: { rows: UserSearchRow[]; total: number };
  if (searchType === 'primary') {
    const ids = await primaryMatches(context, actor, values);
    found =
      ids.length === 0 ? { rows: [], total: 0 } : await findCustomerPage(context.db, whereIdIn(ids), limit, offset);
  } else {
    found = await findCustomerPage(context.db, whereAll(secondaryConditions(secondaryCriteria(values))), limit, offset);
  }
  const loans = await findFundedLoansOfCustomers(
    context.db,
    found.rows.map((row) => row.id),
  );
  return {
    results: found.rows.map((row) => toResult(row, loans)),
    meta: {
      current_page: page,
      total_pages: Math.ceil(found.total / limit),
      total_count: found.total,
      search_type: searchType,
    },
  };
}
