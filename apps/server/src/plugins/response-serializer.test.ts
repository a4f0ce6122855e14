import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from './response-serializer.ts';

describe('compileSerializer', () => {
  const union = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('user'), user: z.object({ id: z.number(), name: z.string().nullable() }) }),
    z.object({ kind: z.literal('suggestions'), suggestions: z.array(z.object({ id: z.number() })) }),
  ]);

  it('writes each branch of a discriminated union by its tag, dropping what the contract does not name', () => {
    const write = compileSerializer(union);
    const user = { kind: 'user', user: { id: 7, name: null, secret: 'x' } } as never;
    expect(JSON.parse(write(user))).toEqual({ kind: 'user', user: { id: 7, name: null } });
    const suggestions = { kind: 'suggestions', suggestions: [{ id: 1, ssn: '123456789' }] } as never;
    expect(JSON.parse(write(suggestions))).toEqual({ kind: 'suggestions', suggestions: [{ id: 1 }] });
  });
});
