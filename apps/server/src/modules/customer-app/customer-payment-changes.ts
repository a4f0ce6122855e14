import { centsToDollars, type CustomerAppPaymentResponse } from '@portal/contracts';
import type { Transaction } from '@portal/db';
import type { CustomerAppDeps } from './deps.ts';
import type { CustomerActor } from '../../platform/actor.ts';
import { HttpError, notFound } from '../../platform/http-error.ts';
import { applyReschedule, applyToggleMethod, findLoan, findPayment, lockPaymentForChange } from '../loans/index.ts';

// A customer's own change to one of their payments, made in the customer app (decision 036). It runs
// the staff's code (applyReschedule, applyToggleMethod): the same rules, the same writes, and the
// audit row in the same transaction, with no employee and made_by 'customer'.

type LockedPayment = Awaited<ReturnType<typeof lockPaymentForChange>>;

// POST customer_app/payments/:id/reschedule {date}
export function rescheduleCustomerPayment(
  context: CustomerAppDeps,
  customer: CustomerActor,
  paymentId: number,
  date: string,
): Promise<CustomerAppPaymentResponse> {
  return changeOwnPayment(context, customer, paymentId, (tx, locked) =>
    applyReschedule(tx, context, customer, locked, date),
  );
}

// POST customer_app/payments/:id/toggle_method
export function toggleCustomerPaymentMethod(
  context: CustomerAppDeps,
  customer: CustomerActor,
  paymentId: number,
): Promise<CustomerAppPaymentResponse> {
  return changeOwnPayment(context, customer, paymentId, (tx, locked) => applyToggleMethod(tx, customer, locked));
}

async function changeOwnPayment(
  context: CustomerAppDeps,
  customer: CustomerActor,
  paymentId: number,
  change: (tx: Transaction, locked: LockedPayment) => Promise<string>,
): Promise<CustomerAppPaymentResponse> {
  // Another customer's payment is answered as one that does not exist: a token tells nothing of others.
  const missing = () => notFound(`Payment ${paymentId} was not found.`);
  try {
    return await context.db.transaction(async (tx) => {
      const found = await findPayment(tx, paymentId);
      const loan = found ? await findLoan(tx, found.loanId) : undefined;
      if (!found || loan?.customerId !== customer.customerId) throw missing();
      const locked = await lockPaymentForChange(tx, context, paymentId);
      if (locked.record.customerId !== customer.customerId) throw missing();
      const message = await change(tx, locked);
      const payment = (await findPayment(tx, paymentId))!;
      return {
        message,
        payment: {
          id: payment.id,
          loan_id: payment.loanId,
          due: payment.due,
          method: payment.method,
          amount: centsToDollars(payment.expectedAmountCents),
        },
      };
    });
  } catch (error) {
    // A refusal answers its sentences only: the staff card a loans/ refusal carries is not the customer's.
    if (error instanceof HttpError && Object.keys(error.details).length > 0)
      throw new HttpError(error.statusCode, error.errors);
    throw error;
  }
}
