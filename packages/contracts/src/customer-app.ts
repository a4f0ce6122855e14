import { z } from 'zod';
import { defineCall } from './call.ts';
import { bigDatabaseIdSchema, isoDateSchema } from './primitives.ts';

// The customer app's server-to-server calls (decision 036): a signed-in customer changes one of
// their own payments, through the same rules as staff. No staff session: each request carries a
// token the customer app signs for that customer (header x-customer-app-token), purpose
// 'customer-app-request', running out within CUSTOMER_APP_TOKEN_MAX_SECONDS, naming a random nonce
// and the request's method and path: it works once, for that request only.

export const CUSTOMER_APP_TOKEN_HEADER = 'x-customer-app-token';
export const CUSTOMER_APP_TOKEN_PURPOSE = 'customer-app-request';
// A token is made for one request: one that runs out later than this from now is refused.
export const CUSTOMER_APP_TOKEN_MAX_SECONDS = 300;

export const customerAppPaymentParamsSchema = z.object({ id: bigDatabaseIdSchema });
export const customerAppRescheduleRequestSchema = z.object({ date: isoDateSchema });

// The sentence to show the customer and the payment as it now stands (amount in dollars).
export const customerAppPaymentResponseSchema = z.object({
  message: z.string(),
  payment: z.object({
    id: z.number(),
    loan_id: z.number(),
    due: z.string(),
    method: z.string(),
    amount: z.number(),
  }),
});
export type CustomerAppPaymentResponse = z.infer<typeof customerAppPaymentResponseSchema>;

export const customerAppCalls = {
  // The payment moves to `date` (a weekday from today on, at most a year out and within the
  // grace after the loan matures).
  reschedulePayment: defineCall({
    method: 'POST',
    path: 'customer_app/payments/:id/reschedule',
    access: 'public',
    params: customerAppPaymentParamsSchema,
    body: customerAppRescheduleRequestSchema,
    response: customerAppPaymentResponseSchema,
  }),
  // ACH <-> debit card, only to a method the customer can pay with.
  togglePaymentMethod: defineCall({
    method: 'POST',
    path: 'customer_app/payments/:id/toggle_method',
    access: 'public',
    params: customerAppPaymentParamsSchema,
    response: customerAppPaymentResponseSchema,
  }),
};
