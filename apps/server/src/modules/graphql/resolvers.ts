// graphql/index.js, not graphql: the copy graphql-yoga loads (see limits.ts).
import { GraphQLError } from 'graphql/index.js';
import { loanDisplayStatus } from '@portal/contracts';
import { paymentState } from '../loans/index.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { openBankNumbers, readableRouting } from '../customers/index.ts';
import type { Loaders } from './loaders.ts';
import {
  MIN_AFTER,
  type BankAccountRow,
  type CustomerRow,
  type LoanRow,
  type MessageRow,
  type Page,
  type PaymentRow,
  type TicketRow,
} from './repository.ts';
import { MAX_PAGE_SIZE } from './type-defs.ts';

// The route's context (the employee), and the loaders made for the request's operation (routes.ts).
// bankBox opens bank accounts' sealed numbers (decision 070); null without SECRETS_KEY.
export type GraphqlContext = { actor: Actor; loaders: Loaders; bankBox: SecretBox | null };

function bankBoxOrRefuse(box: SecretBox | null): SecretBox {
  if (!box) throw refuseField('Whole bank account numbers cannot be read on this server: SECRETS_KEY is not set.');
  return box;
}

type PageArgs = { limit?: number | null; offset?: number | null; after?: number | null };

// Rows come keyed by the wire's field names (repository.ts), so a field with no resolver here is
// read as it is; these are the fields computed, gated or loaded. A resolver that reads other row
// keys than its own name, the id and the loaders' keys lists them in repository.ts (readsOf).

// A field the employee may not see answers null with this error in the errors list; the rest of
// the query still answers.
function refuseField(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function limitOf(args: { limit?: number | null }, defaultLimit = 20): number {
  const limit = args.limit ?? defaultLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw badInput(`The limit must be between 1 and ${MAX_PAGE_SIZE}.`);
  return limit;
}

// A page of a list in id order: after an id (keyset paging) or after skipping offset rows, not both.
function pageOf(args: PageArgs): Page {
  const limit = limitOf(args);
  const offset = args.offset ?? 0;
  if (offset < 0) throw badInput('The offset must be 0 or more.');
  if (args.after !== null && args.after !== undefined && args.offset !== null && args.offset !== undefined)
    throw badInput(
      'Give either after (the last id of the page before) or offset, not both. after is the faster way to page deep.',
    );
  return { limit, offset, after: args.after ?? MIN_AFTER };
}

const present = <Row>(rows: (Row | null | Error)[]): Row[] =>
  rows.filter((row): row is Row => row !== null && !(row instanceof Error));

// paymentState (the loans module's rule) reads Dates.
const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));

export const resolvers = {
  Query: {
    me: (_: unknown, __: unknown, { actor, loaders }: GraphqlContext) => loaders.employee.load(actor.employeeId),
    customer: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.customer.load(id),
    customers: async (_: unknown, args: PageArgs & { ids?: number[] | null }, { loaders }: GraphqlContext) => {
      if (args.ids) {
        if (args.ids.length > MAX_PAGE_SIZE) throw badInput(`Ask for at most ${MAX_PAGE_SIZE} customers at once.`);
        return present(await loaders.customer.loadMany(args.ids));
      }
      return loaders.customersPage(pageOf(args));
    },
    loan: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.loan.load(id),
    payment: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.payment.load(id),
    ticket: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.ticket.load(id),
    tickets: (_: unknown, args: PageArgs, { loaders }: GraphqlContext) => loaders.ticketsPage(pageOf(args)),
    employee: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.employee.load(id),
    employees: (_: unknown, __: unknown, { loaders }: GraphqlContext) => loaders.employees(),
  },

  Customer: {
    loans: (row: CustomerRow, _: unknown, { loaders }: GraphqlContext) => loaders.loansOfCustomer.load(row.id),
    tickets: (row: CustomerRow, _: unknown, { loaders }: GraphqlContext) => loaders.ticketsOfCustomer.load(row.id),
    bank_accounts: (row: CustomerRow, _: unknown, { loaders }: GraphqlContext) =>
      loaders.bankAccountsOfCustomer.load(row.id),
  },

  BankAccount: {
    // The whole number is as sensitive as the whole SSN: the same permission shows either.
    account_number: (row: BankAccountRow, _: unknown, { actor, bankBox }: GraphqlContext) => {
      if (!hasPermission(actor, 'customers.reveal_ssn'))
        throw refuseField(
          'You may not see whole bank account numbers: that needs the customers.reveal_ssn permission.',
        );
      return openBankNumbers(bankBoxOrRefuse(bankBox), row.id, row.numbers_sealed).account;
    },
    // Null when it cannot be read here (no SECRETS_KEY, or another key sealed it).
    routing_number: (row: BankAccountRow, _: unknown, { bankBox }: GraphqlContext) =>
      readableRouting(bankBox, row.id, row.numbers_sealed),
  },

  Loan: {
    customer: (row: LoanRow, _: unknown, { loaders }: GraphqlContext) => loaders.customer.load(row.customer_id),
    status: (row: LoanRow) =>
      loanDisplayStatus({
        approved: row.approved_at,
        accepted: row.accepted_at,
        funded: row.funded_at,
        denied: row.denied_at,
        closed_at: row.closed_at,
        paid_off: row.paid_off_at,
      }),
    payments: (row: LoanRow, _: unknown, { loaders }: GraphqlContext) => loaders.paymentsOfLoan.load(row.id),
  },

  Payment: {
    loan: (row: PaymentRow, _: unknown, { loaders }: GraphqlContext) => loaders.loan.load(row.loan_id),
    state: (row: PaymentRow) =>
      paymentState({
        paidAt: dateOf(row.paid_at),
        processingAt: dateOf(row.processing_at),
        invalidAt: dateOf(row.invalid_at),
      }),
  },

  Ticket: {
    customer: (row: TicketRow, _: unknown, { loaders }: GraphqlContext) =>
      row.customer_id === null ? null : loaders.customer.load(row.customer_id),
    assigned_to: (row: TicketRow, _: unknown, { loaders }: GraphqlContext) =>
      row.assigned_to_id === null ? null : loaders.employee.load(row.assigned_to_id),
    messages: async (row: TicketRow, args: { limit?: number | null }, { loaders }: GraphqlContext) => {
      const limit = limitOf(args);
      return (await loaders.messagesOfTicket.load(row.id)).slice(-limit);
    },
  },

  Message: {
    employee: (row: MessageRow, _: unknown, { loaders }: GraphqlContext) =>
      row.employee_id === null ? null : loaders.employee.load(row.employee_id),
  },
};
