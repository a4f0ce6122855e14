import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUSTOMER_APP_TOKEN_HEADER, CUSTOMER_APP_TOKEN_PURPOSE } from '@portal/contracts';
import { customerAppTokenUses, payments } from '@portal/db';
import { createActiveLoan } from '../../testing/loan-helpers.ts';
import { buildApp } from '../../app.ts';
import { signToken } from '../../platform/signed-token.ts';
import { TEST_SECRETS_KEY, testAppDeps } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { customerAppRequestKey, signCustomerAppRequest } from './request-token.ts';
import { CUSTOMER_APP_MESSAGES } from './routes.ts';
import { auditEventsOfEntity } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Issue 27 section 7: a customer-app token works once (its nonce is kept in the database until it
// runs out, so in every API process) and only for the method and path it was signed for. Before,
// one token made 13 changes in 5 minutes, on two different calls.
const t = useTestApp();
const keys = { secretsKey: TEST_SECRETS_KEY, clock: { now: () => t.clock.now() } };
const PAYMENTS = '/internal/api/customer_app/payments';

const activeLoan = () => createActiveLoan(t.database.db);

const send = (app: typeof t.app, path: string, token: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `${PAYMENTS}/${path}`,
    headers: { [CUSTOMER_APP_TOKEN_HEADER]: token },
    ...(payload ? { payload } : {}),
  });

const changesOf = (paymentId: number) => auditEventsOfEntity(t.database.db, 'payment', paymentId);

describe('a customer-app request token', () => {
  it('works once: the same token again, even at once or through another API process, is refused', async () => {
    const { customerId, next } = await activeLoan();
    const token = signCustomerAppRequest(keys, customerId, {
      method: 'POST',
      path: `${PAYMENTS}/${next.id}/toggle_method`,
    });
    const other = await buildApp(testAppDeps(t.database, t.clock));
    try {
      const first = await send(t.app, `${next.id}/toggle_method`, token);
      expect(first.statusCode, first.body).toBe(200);
      const replays = await Promise.all([
        send(t.app, `${next.id}/toggle_method`, token),
        send(other, `${next.id}/toggle_method`, token),
        send(other, `${next.id}/toggle_method`, token),
      ]);
      for (const replay of replays) {
        expectErrors(replay, 401, [CUSTOMER_APP_MESSAGES.used]);
      }
    } finally {
      await other.close();
    }
    expect(await changesOf(next.id)).toHaveLength(1);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, next.id)))[0]?.method).toBe('debit');
  });

  it('of parallel requests with one token, lets exactly one through', async () => {
    const { customerId, next } = await activeLoan();
    const token = signCustomerAppRequest(keys, customerId, {
      method: 'POST',
      path: `${PAYMENTS}/${next.id}/toggle_method`,
    });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => send(t.app, `${next.id}/toggle_method`, token)),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(7);
    expect(await changesOf(next.id)).toHaveLength(1);
  });

  it('opens only the call and payment it was signed for', async () => {
    const { customerId, next } = await activeLoan();
    const forToggle = signCustomerAppRequest(keys, customerId, {
      method: 'POST',
      path: `${PAYMENTS}/${next.id}/toggle_method`,
    });
    for (const path of [`${next.id}/reschedule`, `${next.id + 1}/toggle_method`]) {
      const response = await send(
        t.app,
        path,
        forToggle,
        path.endsWith('reschedule') ? { date: '2026-12-08' } : undefined,
      );
      expect(response.statusCode, path).toBe(401);
      expect(response.json()).toEqual({ errors: [CUSTOMER_APP_MESSAGES.otherRequest] });
    }
    const forGet = signCustomerAppRequest(keys, customerId, {
      method: 'GET',
      path: `${PAYMENTS}/${next.id}/toggle_method`,
    });
    expect((await send(t.app, `${next.id}/toggle_method`, forGet)).json()).toEqual({
      errors: [CUSTOMER_APP_MESSAGES.otherRequest],
    });
    expect(await changesOf(next.id)).toHaveLength(0);
    // Refused before its nonce was kept: it still works for its own call.
    expect((await send(t.app, `${next.id}/toggle_method`, forToggle)).statusCode).toBe(200);
  });

  it('without a nonce (as signed before) is refused', async () => {
    const { customerId, next } = await activeLoan();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const unbound = signToken(customerAppRequestKey(keys), {
      purpose: CUSTOMER_APP_TOKEN_PURPOSE,
      customer_id: customerId,
      expires_at: now + 60,
    });
    const response = await send(t.app, `${next.id}/toggle_method`, unbound);
    expectErrors(response, 401, [CUSTOMER_APP_MESSAGES.invalid]);
  });

  it('keeps its nonce until it runs out, and no longer', async () => {
    const { customerId, next } = await activeLoan();
    const token = signCustomerAppRequest(
      keys,
      customerId,
      { method: 'POST', path: `${PAYMENTS}/${next.id}/toggle_method` },
      { nonce: 'kept-until-it-runs-out' },
    );
    expect((await send(t.app, `${next.id}/toggle_method`, token)).statusCode).toBe(200);
    const kept = await t.database.db
      .select()
      .from(customerAppTokenUses)
      .where(eq(customerAppTokenUses.nonce, 'kept-until-it-runs-out'));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.expiresAt.getTime()).toBe(Math.floor(t.clock.now().getTime() / 1000 + 300) * 1000);
    const start = t.clock.now();
    try {
      t.clock.advance(301_000);
      // Any later use prunes the nonces whose tokens ran out.
      const later = await activeLoan();
      const fresh = signCustomerAppRequest(keys, later.customerId, {
        method: 'POST',
        path: `${PAYMENTS}/${later.next.id}/toggle_method`,
      });
      expect((await send(t.app, `${later.next.id}/toggle_method`, fresh)).statusCode).toBe(200);
      expect(
        await t.database.db
          .select()
          .from(customerAppTokenUses)
          .where(eq(customerAppTokenUses.nonce, 'kept-until-it-runs-out')),
      ).toHaveLength(0);
    } finally {
      t.clock.set(start);
    }
  });
});
