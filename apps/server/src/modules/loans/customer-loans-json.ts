import { getTableColumns, sql } from 'drizzle-orm';
import { bounces, customers, jsonObject, jsonObjectDecoder, loans, payments, type JsonObjectRow } from '@portal/db';

// A customer's loans as one JSON value inside a query over customers (decision 013): every loan in
// application order, each with its payments by due date, each with its bounces. GET ticket and the
// user page select it beside the customer row, so one round trip reads the whole account.

const loanColumns = getTableColumns(loans);
const paymentColumns = getTableColumns(payments);
const bounceColumns = getTableColumns(bounces);

export type LoanJsonRow = JsonObjectRow<typeof loanColumns>;
type JsonList = Array<Record<string, unknown>>;

const emptyArray = sql`'[]'::json`;
const bouncesJson = sql`(select coalesce(json_agg(${jsonObject(bounceColumns)} order by ${bounces.bouncedOn}, ${bounces.id}), ${emptyArray})
  from ${bounces} where ${bounces.paymentId} = ${payments.id})`;
const paymentsJson = sql`(select coalesce(json_agg(json_build_object('payment', ${jsonObject(paymentColumns)}, 'bounces', ${bouncesJson}) order by ${payments.due}, ${payments.id}), ${emptyArray})
  from ${payments} where ${payments.loanId} = ${loans.id})`;

// Correlated with customers.id of the enclosing query.
export const customerLoansJson = sql<JsonList>`(select coalesce(json_agg(json_build_object('loan', ${jsonObject(loanColumns)}, 'payments', ${paymentsJson}) order by ${loans.appliedAt}, ${loans.id}), ${emptyArray})
  from ${loans} where ${loans.customerId} = ${customers.id})`;

const decodeLoan = jsonObjectDecoder(loanColumns);
const decodePayment = jsonObjectDecoder(paymentColumns);
const decodeBounce = jsonObjectDecoder(bounceColumns);

export function decodeCustomerLoans(list: JsonList) {
  return list.map((row) => ({
    loan: decodeLoan(row.loan as Record<string, unknown>),
    payments: (row.payments as JsonList).map((entry) => ({
      payment: decodePayment(entry.payment as Record<string, unknown>),
      bounces: (entry.bounces as JsonList).map(decodeBounce),
    })),
  }));
}
