import {
  customerDate,
  customerPhone,
  formatDollars,
  type FilledMacroVariableName,
  type MacroValuesQuery,
  type MacroValuesResponse,
} from '@portal/contracts';
import type { MacroValuesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { businessToday } from '../../platform/business-date.ts';
import { notFound } from '../../platform/http-error.ts';
import { findCustomer, type CustomerRecord } from '../customers/index.ts';
import { findActiveLoanFigures, type ActiveLoanFigures } from '../loans/index.ts';
import { findTicketCustomer } from '../tickets/index.ts';
import { MACRO_VALUE_MESSAGES } from './messages.ts';

type Values = Record<FilledMacroVariableName, string | null>;
type Unfilled = MacroValuesResponse['unfilled'];

const CUSTOMER_VARIABLES = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone_number',
  'phone',
  'birthday',
] as const;
const LOAN_VARIABLES = [
  'loan_id',
  'payoff_amount',
  'next_due_date',
  'next_payment_amount',
  'past_due_amount',
  'payment_method',
] as const;

// GET macro_values (decision 061): the values of the account's and the employee's variables, read
// live when an agent inserts a macro. Each owner answers its part: the ticket's customer (tickets),
// the customer's fields (customers), the active loan's figures by the loans module's own rules
// (loans). Money is written from integer cents here, once. A value the Portal cannot give is null
// and `unfilled` says why: the variable stays in the reply, marked, until the agent writes it in.
export async function readMacroValues(
  context: MacroValuesDeps,
  actor: Actor,
  query: MacroValuesQuery,
): Promise<MacroValuesResponse> {
  const { db } = context;
  const values = {} as Values;
  const unfilled: Unfilled = [];
  const set = (name: FilledMacroVariableName, value: string | null, reason = '') => {
    values[name] = value;
    if (value === null) unfilled.push({ name, reason });
  };

  const agentFirstName = actor.name.trim().split(/\s+/)[0] ?? '';
  set('agent_first_name', agentFirstName || null, MACRO_VALUE_MESSAGES.noAgentName);
  set('agent_name', agentFirstName || null, MACRO_VALUE_MESSAGES.noAgentName);

  const customer = await customerOf(context, query);
  if (!customer) {
    for (const name of [...CUSTOMER_VARIABLES, ...LOAN_VARIABLES]) set(name, null, MACRO_VALUE_MESSAGES.noCustomer);
    return { user_id: null, loan_id: null, values, unfilled };
  }

  setCustomerValues(set, customer);
  const loans = await findActiveLoanFigures(db, customer.id, {
    today: businessToday(context.clock, context.businessTimeZone),
    timeZone: context.businessTimeZone,
  });
  const [loan] = loans;
  if (loan === undefined || loans.length > 1) {
    const reason =
      loan === undefined
        ? MACRO_VALUE_MESSAGES.noActiveLoan
        : MACRO_VALUE_MESSAGES.severalActiveLoans(loans.map((each) => each.loanId));
    for (const name of LOAN_VARIABLES) set(name, null, reason);
    return { user_id: customer.id, loan_id: null, values, unfilled };
  }
  setLoanValues(set, loan);
  return { user_id: customer.id, loan_id: loan.loanId, values, unfilled };
}

// The customer of the ticket (null: none linked yet) or of user_id; 404 for an unknown id.
async function customerOf(context: MacroValuesDeps, query: MacroValuesQuery): Promise<CustomerRecord | null> {
  if (query.ticket_id !== undefined) {
    const ticket = await findTicketCustomer(context.db, query.ticket_id);
    if (!ticket) throw notFound(MACRO_VALUE_MESSAGES.ticketNotFound(query.ticket_id));
    if (ticket.customerId === null) return null;
    return (await findCustomer(context.db, ticket.customerId)) ?? null;
  }
  const userId = query.user_id ?? 0;
  const customer = await findCustomer(context.db, userId);
  if (!customer) throw notFound(MACRO_VALUE_MESSAGES.customerNotFound(userId));
  return customer;
}

type Setter = (name: FilledMacroVariableName, value: string | null, reason?: string) => void;

function setCustomerValues(set: Setter, customer: CustomerRecord): void {
  set('first_name', customer.firstName);
  set('last_name', customer.lastName);
  set('full_name', `${customer.firstName} ${customer.lastName}`.trim());
  set('email', customer.email);
  const phone = customer.phoneNumber ? customerPhone(customer.phoneNumber) : null;
  set('phone_number', phone, MACRO_VALUE_MESSAGES.noPhone);
  set('phone', phone, MACRO_VALUE_MESSAGES.noPhone);
  set('birthday', customer.birthday ? customerDate(customer.birthday) : null, MACRO_VALUE_MESSAGES.noBirthday);
}

function setLoanValues(set: Setter, loan: ActiveLoanFigures): void {
  set('loan_id', String(loan.loanId));
  set('payoff_amount', formatDollars(loan.payoffCents));
  set('past_due_amount', formatDollars(loan.pastDueCents));
  const next = loan.nextPayment;
  const none = MACRO_VALUE_MESSAGES.noNextPayment(loan.loanId);
  set('next_due_date', next ? customerDate(next.due) : null, none);
  set('next_payment_amount', next ? formatDollars(next.amountCents) : null, none);
  set('payment_method', next ? (next.method === 'debit' ? 'debit card' : 'bank account') : null, none);
}
