// graphql/index.js, not graphql: the copy graphql-yoga loads (see limits.ts).
import { GraphQLError } from 'graphql/index.js';
import { loanDisplayStatus } from '@portal/contracts';
import type { Database } from '@portal/db';
import { paymentState } from '../loans/index.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import type { Loaders } from './loaders.ts';
import {
  listCustomers,
  listEmployees,
  listTickets,
  type BankAccountRow,
  type CustomerRow,
  type EmployeeRow,
  type LoanRow,
  type MessageRow,
  type PaymentRow,
  type TicketRow,
} from './repository.ts';
import { MAX_PAGE_SIZE } from './type-defs.ts';

export type GraphqlContext = { actor: Actor; loaders: Loaders; db: Database };

type PageArgs = { limit?: number | null; offset?: number | null };

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

// A field the employee may not see answers null with this error in the errors list; the rest of
// the query still answers.
function refuseField(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

function pageOf(args: PageArgs, defaultLimit = 20): { limit: number; offset: number } {
  const limit = args.limit ?? defaultLimit;
  const offset = args.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new GraphQLError(`The limit must be between 1 and ${MAX_PAGE_SIZE}.`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  if (offset < 0) throw new GraphQLError('The offset must be 0 or more.', { extensions: { code: 'BAD_USER_INPUT' } });
  return { limit, offset };
}

const present = <Row>(rows: (Row | null | Error)[]): Row[] =>
  rows.filter((row): row is Row => row !== null && !(row instanceof Error));

export const resolvers = {
  Query: {
    me: (_: unknown, __: unknown, { actor, loaders }: GraphqlContext) => loaders.employee.load(actor.employeeId),
    customer: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.customer.load(id),
    customers: async (_: unknown, args: PageArgs & { ids?: number[] | null }, { db, loaders }: GraphqlContext) => {
      if (args.ids) {
        if (args.ids.length > MAX_PAGE_SIZE)
          throw new GraphQLError(`Ask for at most ${MAX_PAGE_SIZE} customers at once.`, {
            extensions: { code: 'BAD_USER_INPUT' },
          });
        return present(await loaders.customer.loadMany(args.ids));
      }
      const rows = await listCustomers(db, pageOf(args));
      for (const row of rows) loaders.customer.prime(row.id, row);
      return rows;
    },
    loan: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.loan.load(id),
    payment: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.payment.load(id),
    ticket: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.ticket.load(id),
    tickets: async (_: unknown, args: PageArgs, { db, loaders }: GraphqlContext) => {
      const rows = await listTickets(db, pageOf(args));
      for (const row of rows) loaders.ticket.prime(row.id, row);
      return rows;
    },
    employee: (_: unknown, { id }: { id: number }, { loaders }: GraphqlContext) => loaders.employee.load(id),
    employees: (_: unknown, __: unknown, { db }: GraphqlContext) => listEmployees(db),
  },

  Customer: {
    first_name: (row: CustomerRow) => row.firstName,
    middle_initial: (row: CustomerRow) => row.middleInitial,
    last_name: (row: CustomerRow) => row.lastName,
    phone_number: (row: CustomerRow) => row.phoneNumber,
    ssn_last_four: (row: CustomerRow) => row.ssnLast4,
    user_credit_cents: (row: CustomerRow) => row.userCreditCents,
    created_at: (row: CustomerRow) => iso(row.createdAt),
    loans: (row: CustomerRow, _: unknown, { loaders }: GraphqlContext) => loaders.loansOfCustomer.load(row.id),
    tickets: (row: CustomerRow, _: unknown, { loaders }: GraphqlContext) => loaders.ticketsOfCustomer.load(row.id),
    bank_accounts: (row: CustomerRow, _: unknown, { loaders }: GraphqlContext) =>
      loaders.bankAccountsOfCustomer.load(row.id),
  },

  BankAccount: {
    account_last_four: (row: BankAccountRow) => row.accountNumber.slice(-4),
    // The whole number is as sensitive as the whole SSN: the same permission shows either.
    account_number: (row: BankAccountRow, _: unknown, { actor }: GraphqlContext) => {
      if (!hasPermission(actor, 'customers.reveal_ssn'))
        throw refuseField(
          'You may not see whole bank account numbers: that needs the customers.reveal_ssn permission.',
        );
      return row.accountNumber;
    },
    routing_number: (row: BankAccountRow) => row.routingNumber,
    added_at: (row: BankAccountRow) => iso(row.addedAt),
  },

  Loan: {
    customer_id: (row: LoanRow) => row.customerId,
    customer: (row: LoanRow, _: unknown, { loaders }: GraphqlContext) => loaders.customer.load(row.customerId),
    status: (row: LoanRow) =>
      loanDisplayStatus({
        approved: iso(row.approvedAt),
        accepted: iso(row.acceptedAt),
        funded: iso(row.fundedAt),
        denied: iso(row.deniedAt),
        closed_at: iso(row.closedAt),
        paid_off: iso(row.paidOffAt),
      }),
    applied_at: (row: LoanRow) => iso(row.appliedAt),
    approved_at: (row: LoanRow) => iso(row.approvedAt),
    accepted_at: (row: LoanRow) => iso(row.acceptedAt),
    funded_at: (row: LoanRow) => iso(row.fundedAt),
    funding_returned_at: (row: LoanRow) => iso(row.fundingReturnedAt),
    denied_at: (row: LoanRow) => iso(row.deniedAt),
    deny_reason: (row: LoanRow) => row.denyReason,
    closed_at: (row: LoanRow) => iso(row.closedAt),
    paid_off_at: (row: LoanRow) => iso(row.paidOffAt),
    applied_amount_cents: (row: LoanRow) => row.appliedAmountCents,
    approved_amount_cents: (row: LoanRow) => row.approvedAmountCents,
    cash_advanced_cents: (row: LoanRow) => row.cashAdvancedCents,
    installment_count: (row: LoanRow) => row.installmentCount,
    apr_basis_points: (row: LoanRow) => row.aprBasisPoints,
    auto_debit: (row: LoanRow) => row.autoDebit,
    funding_method: (row: LoanRow) => row.fundingMethod,
    amount_credited_cents: (row: LoanRow) => row.amountCreditedCents,
    settlement_min_cents: (row: LoanRow) => row.settlementMinCents,
    payments: (row: LoanRow, _: unknown, { loaders }: GraphqlContext) => loaders.paymentsOfLoan.load(row.id),
  },

  Payment: {
    loan_id: (row: PaymentRow) => row.loanId,
    loan: (row: PaymentRow, _: unknown, { loaders }: GraphqlContext) => loaders.loan.load(row.loanId),
    state: (row: PaymentRow) => paymentState(row),
    expected_amount_cents: (row: PaymentRow) => row.expectedAmountCents,
    original_due: (row: PaymentRow) => row.originalDue,
    paid_at: (row: PaymentRow) => iso(row.paidAt),
    processing_at: (row: PaymentRow) => iso(row.processingAt),
    invalid_at: (row: PaymentRow) => iso(row.invalidAt),
    bounce_fee_cents: (row: PaymentRow) => row.bounceFeeCents,
    user_initiated: (row: PaymentRow) => row.userInitiated,
    refunded_at: (row: PaymentRow) => iso(row.refundedAt),
  },

  Ticket: {
    customer_id: (row: TicketRow) => row.customerId,
    customer: (row: TicketRow, _: unknown, { loaders }: GraphqlContext) =>
      row.customerId === null ? null : loaders.customer.load(row.customerId),
    archived_at: (row: TicketRow) => iso(row.archivedAt),
    escalated_at: (row: TicketRow) => iso(row.escalatedAt),
    assigned_to: (row: TicketRow, _: unknown, { loaders }: GraphqlContext) =>
      row.assignedTo === null ? null : loaders.employee.load(row.assignedTo),
    closed_at: (row: TicketRow) => iso(row.closedAt),
    created_at: (row: TicketRow) => iso(row.createdAt),
    messages: async (row: TicketRow, args: { limit?: number | null }, { loaders }: GraphqlContext) => {
      const { limit } = pageOf(args);
      return (await loaders.messagesOfTicket.load(row.id)).slice(-limit);
    },
  },

  Message: {
    ticket_id: (row: MessageRow) => row.ticketId,
    customer_id: (row: MessageRow) => row.customerId,
    from_address: (row: MessageRow) => row.fromAddress,
    to_address: (row: MessageRow) => row.toAddress,
    created_at: (row: MessageRow) => iso(row.createdAt),
    employee: (row: MessageRow, _: unknown, { loaders }: GraphqlContext) =>
      row.employeeId === null ? null : loaders.employee.load(row.employeeId),
  },

  Employee: {
    created_at: (row: EmployeeRow) => iso(row.createdAt),
  },
};
