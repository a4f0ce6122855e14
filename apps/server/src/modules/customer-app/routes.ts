import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CUSTOMER_APP_TOKEN_HEADER,
  CUSTOMER_APP_TOKEN_MAX_SECONDS,
  customerAppCalls as calls,
} from '@portal/contracts';
import type { CustomerAppDeps } from './deps.ts';
import type { CustomerActor } from '../../platform/actor.ts';
import { unauthorized } from '../../platform/http-error.ts';
import { registerCall } from '../../platform/register-call.ts';
import { rescheduleCustomerPayment, toggleCustomerPaymentMethod } from './customer-payment-changes.ts';
import { readCustomerAppRequest } from './request-token.ts';
import { claimNonce, pruneRunOutNonces } from './token-uses.ts';

export const CUSTOMER_APP_MESSAGES = {
  noToken: `Send the customer's request token in the ${CUSTOMER_APP_TOKEN_HEADER} header.`,
  invalid: 'The request token is not one the customer app signed for this API.',
  expired: 'The request token has run out; sign a new one for each request.',
  tooLong: `The request token lasts too long; sign one that runs out within ${CUSTOMER_APP_TOKEN_MAX_SECONDS} seconds.`,
  otherRequest: 'The request token was signed for another request: sign one for this method and path.',
  used: 'The request token was used already: sign a new one, with a new nonce, for each request.',
} as const;

// The customer app's calls (decision 036). They carry no staff session (public routes, decision
// 014): each request is authenticated by the customer app's signed token before its body is read,
// so a caller without a good one gets 401 and learns nothing else.
export function registerCustomerAppRoutes(app: FastifyInstance, context: CustomerAppDeps): void {
  const customers = new WeakMap<FastifyRequest, CustomerActor>();
  const customerOf = (request: FastifyRequest): CustomerActor => {
    const customer = customers.get(request);
    if (!customer) throw unauthorized(CUSTOMER_APP_MESSAGES.noToken);
    return customer;
  };

  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      customers.set(request, await authenticate(context, request));
    });
    registerCall(scope, calls.reschedulePayment, (request) =>
      rescheduleCustomerPayment(context, customerOf(request), request.params.id, request.body.date),
    );
    registerCall(scope, calls.togglePaymentMethod, (request) =>
      toggleCustomerPaymentMethod(context, customerOf(request), request.params.id),
    );
  });
}

const REFUSALS = {
  invalid: CUSTOMER_APP_MESSAGES.invalid,
  expired: CUSTOMER_APP_MESSAGES.expired,
  'too-long': CUSTOMER_APP_MESSAGES.tooLong,
  'other-request': CUSTOMER_APP_MESSAGES.otherRequest,
} as const;

// A token works for the one request it names (method and path), once: its nonce is recorded before
// the body is read, so a request that then fails (a bad date, a rule's refusal) has used it too.
async function authenticate(context: CustomerAppDeps, request: FastifyRequest): Promise<CustomerActor> {
  const header = request.headers[CUSTOMER_APP_TOKEN_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  if (token === '') throw unauthorized(CUSTOMER_APP_MESSAGES.noToken);
  const path = request.url.split('?')[0] ?? request.url;
  const check = readCustomerAppRequest(context, token, { method: request.method, path });
  if (!check.ok) throw unauthorized(REFUSALS[check.reason]);
  const now = context.clock.now();
  if (
    !(await claimNonce(context.db, {
      nonce: check.nonce,
      customerId: check.customerId,
      now,
      expiresAt: check.expiresAt,
    }))
  )
    throw unauthorized(CUSTOMER_APP_MESSAGES.used);
  await pruneRunOutNonces(context.db, now);
  return { customerId: check.customerId, employeeId: null, permissions: [], ipAddress: request.ip };
}
