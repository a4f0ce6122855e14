import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerErrorHandling } from './errors.ts';
import { findBadTextIn, registerTextInputCheck } from './text-input.ts';

const body = (value: unknown) => findBadTextIn([{ value, whole: 'The request body' }]);

describe('findBadTextIn', () => {
  it('passes ordinary text, surrogate pairs and non-text values', () => {
    expect(body({ name: 'Zoë 😀 𠀋', n: 1, ok: true, none: null, list: ['a', 2, { deep: 'é' }] })).toEqual([]);
  });

  it('names each bad string by its dotted path, and the body itself when it is the string', () => {
    expect(body({ a: { b: ['x', 'y\u0000'] }, c: '\ud800' })).toEqual([
      'c: is not valid text (it holds a broken Unicode character).',
      'a.b.1: must not contain a NUL character.',
    ]);
    expect(body('\u0000')).toEqual(['The request body must not contain a NUL character.']);
    expect(findBadTextIn([{ value: { '*': 'files/\udfff' }, whole: 'The path' }])).toEqual([
      'The path is not valid text (it holds a broken Unicode character).',
    ]);
  });

  it('checks field names, shown with the NUL as \\0 and a broken character as U+FFFD', () => {
    expect(body({ 'a\u0000b': 1, ok: { 'c\ud800': 'fine' } })).toEqual([
      'a\\0b: a field name must not contain a NUL character.',
      'ok.c\ufffd: a field name is not valid text (it holds a broken Unicode character).',
    ]);
  });

  it('reads the null-prototype objects of the router and the query parser, but not a Buffer', () => {
    const query: Record<string, unknown> = Object.create(null);
    query.id = '1\u0000';
    expect(findBadTextIn([{ value: query, whole: 'The query string' }])).toEqual([
      'id: must not contain a NUL character.',
    ]);
    expect(body(Buffer.from('a\u0000b'))).toEqual([]);
  });

  it('walks a body nested far deeper than the stack', () => {
    let nested: unknown = 'end\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) nested = [nested];
    const errors = body(nested);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^0\.0\.0\..*\.0: must not contain a NUL character\.$/);
  });

  it('stops at ten errors', () => {
    expect(body(Array.from({ length: 50 }, (_, index) => `${index}\u0000`))).toHaveLength(10);
  });
});

describe('registerTextInputCheck', () => {
  async function appWithRoutes() {
    const app = Fastify();
    registerErrorHandling(app);
    registerTextInputCheck(app);
    app.post('/checked/:name', async () => ({ ok: true }));
    app.post('/webhook', { config: { cleansOwnInput: true } }, async (request) => ({ kept: request.body }));
    await app.ready();
    return app;
  }

  it('answers 400 with an errors list for bad text in the params, the query or the JSON body', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({
      method: 'POST',
      url: '/checked/a%00?q=%F0%9F%98%80&r=x%00',
      payload: { text: '\ud800' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        'name: must not contain a NUL character.',
        'r: must not contain a NUL character.',
        'text: is not valid text (it holds a broken Unicode character).',
      ],
    });
    expect(
      (await app.inject({ method: 'POST', url: '/checked/a?q=%F0%9F%98%80', payload: { text: 'ok' } })).statusCode,
    ).toBe(200);
  });

  it('leaves a route that cleans its own input alone', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/webhook', payload: { text: 'a\u0000' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kept: { text: 'a\u0000' } });
  });
});
