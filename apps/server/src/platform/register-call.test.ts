import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { bigDatabaseIdSchema, defineCall, FILE_RESPONSE, needs } from '@portal/contracts';
import { registerErrorHandling } from '../plugins/errors.ts';
import { responseSerializerCompiler } from '../plugins/response-serializer.ts';
import { parseInput } from './request-input.ts';
import { registerCall } from './register-call.ts';

const greetCall = defineCall({
  method: 'POST',
  path: 'greet/:team',
  access: 'public',
  params: z.object({ team: z.enum(['red', 'blue']) }),
  body: z.object({ name: z.string().min(1, 'Give a name.'), times: z.coerce.number<number>().int().default(1) }),
  response: z.object({ greeting: z.string() }),
});
const removeCall = defineCall({
  method: 'DELETE',
  path: 'thing',
  access: 'public',
  query: z.object({ id: bigDatabaseIdSchema }),
  response: z.object({ removed: z.number() }),
});
const listCall = defineCall({
  method: 'GET',
  path: 'list',
  access: 'public',
  query: z.object({ num: z.coerce.number<number>() }),
  response: z.object({ items: z.array(z.number()) }),
});
const fileCall = defineCall({
  method: 'GET',
  path: 'files/:id',
  access: 'public',
  params: z.object({ id: z.string() }),
  response: FILE_RESPONSE,
});

// An app with the compilers and error handling buildApp uses.
async function appWith(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  register(app);
  await app.ready();
  apps.push(app);
  return app;
}
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('registerCall', () => {
  it('registers the method and path under the API base path, with parsed body and params', async () => {
    const app = await appWith((scope) =>
      registerCall(scope, greetCall, (request) => ({
        greeting: `${request.body.name} x${request.body.times} (${request.params.team})`,
      })),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/internal/api/greet/red',
      payload: { name: 'Ada', times: '2' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ greeting: 'Ada x2 (red)' });
  });

  it('answers 400 with the contract words for a bad body or params', async () => {
    const app = await appWith((scope) => registerCall(scope, greetCall, () => ({ greeting: 'hi' })));
    const badBody = await app.inject({ method: 'POST', url: '/internal/api/greet/red', payload: { name: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toEqual({ errors: ['Give a name.'] });
    const badParams = await app.inject({ method: 'POST', url: '/internal/api/greet/green', payload: { name: 'Ada' } });
    expect(badParams.statusCode).toBe(400);
  });

  it('writes only the response contract’s fields', async () => {
    const app = await appWith((scope) =>
      registerCall(scope, greetCall, () => {
        const answer = { greeting: 'hi', secret: 'kept inside' };
        return answer;
      }),
    );
    const response = await app.inject({ method: 'POST', url: '/internal/api/greet/blue', payload: { name: 'Ada' } });
    expect(response.body).toBe('{"greeting":"hi"}');
  });

  it("sets the route's access from the call's descriptor, and passes the rest of its config", async () => {
    let seen: unknown;
    const configs = new Map<string, unknown>();
    const guarded = defineCall({ ...listCall, path: 'guarded', access: needs('content.edit', 'macros.edit') });
    const app = await appWith((scope) => {
      scope.addHook('onRoute', (route) => void configs.set(route.url, route.config));
      registerCall(
        scope,
        listCall,
        (request) => {
          seen = request.routeOptions.config;
          return { items: [request.query.num] };
        },
        { config: { sessionIfSent: true } },
      );
      registerCall(scope, guarded, () => ({ items: [] }));
    });
    const response = await app.inject({ method: 'GET', url: '/internal/api/list?num=3' });
    expect(response.json()).toEqual({ items: [3] });
    expect(seen).toMatchObject({ public: true, anyOf: [], sessionIfSent: true });
    expect(configs.get('/internal/api/guarded')).toMatchObject({
      public: false,
      anyOf: ['content.edit', 'macros.edit'],
    });
  });

  it('reads the query from where readQuery says, validated with the same 400', async () => {
    const app = await appWith((scope) =>
      registerCall(scope, removeCall, (request) => ({ removed: request.query.id }), {
        readQuery: (request) => ({ ...(request.query as object), ...(request.body as object | undefined) }),
      }),
    );
    const fromQuery = await app.inject({ method: 'DELETE', url: '/internal/api/thing?id=7' });
    expect(fromQuery.json()).toEqual({ removed: 7 });
    const fromBody = await app.inject({ method: 'DELETE', url: '/internal/api/thing', payload: { id: 8 } });
    expect(fromBody.json()).toEqual({ removed: 8 });
    const missing = await app.inject({ method: 'DELETE', url: '/internal/api/thing' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(expectedErrorsOf(removeCall.query, {}));
  });

  it('lets a route write its own body', async () => {
    const app = await appWith((scope) =>
      registerCall(scope, listCall, (request) => ({ items: [request.query.num] }), {
        writeBody: (answer) => Buffer.from(JSON.stringify({ items: answer.items, own: true })),
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/internal/api/list?num=4' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"items":[4],"own":true}');
  });

  it('leaves a file call’s answer to its handler', async () => {
    const app = await appWith((scope) =>
      registerCall(scope, fileCall, (request, reply) =>
        reply.type('application/pdf').send(Buffer.from(`%PDF ${request.params.id}`)),
      ),
    );
    const response = await app.inject({ method: 'GET', url: '/internal/api/files/st-1' });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body).toBe('%PDF st-1');
  });
});

function expectedErrorsOf(schema: z.ZodType, value: unknown): { errors: string[] } {
  try {
    parseInput(schema, value);
  } catch (error) {
    return { errors: (error as { errors: string[] }).errors };
  }
  throw new Error('expected the input to be refused');
}

// Compiled, never run: the handler reads the call's parsed types and must answer its contract.
export function registerCallTypeChecks(app: FastifyInstance): void {
  registerCall(app, greetCall, (request) => {
    expectTypeOf(request.body).toEqualTypeOf<{ name: string; times: number }>();
    expectTypeOf(request.params).toEqualTypeOf<{ team: 'red' | 'blue' }>();
    return { greeting: request.body.name };
  });
  // @ts-expect-error the answer must follow the response contract
  registerCall(app, greetCall, () => ({ greeting: 42 }));
  // @ts-expect-error a file call's handler answers with the reply it sent
  registerCall(app, fileCall, () => ({ greeting: 'hi' }));
}
