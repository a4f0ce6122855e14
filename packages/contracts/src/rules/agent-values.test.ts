import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentValue } from './agent-values.ts';

describe('agentValue', () => {
  it('writes a date, an amount, a phone and an email as the customer reads them', () => {
    expect(agentValue('date', '2027-07-02', 'Callback date')).toEqual({ ok: true, text: 'July 2, 2027' });
    expect(agentValue('money', '125.5', 'Amount agreed')).toEqual({ ok: true, text: '$125.50' });
    expect(agentValue('money', '$1,250', 'Amount agreed')).toEqual({ ok: true, text: '$1,250.00' });
    expect(agentValue('phone', '(503) 555-0123', 'New phone number')).toEqual({ ok: true, text: '(503) 555-0123' });
    expect(agentValue('phone', '5035550123', 'New phone number')).toEqual({ ok: true, text: '(503) 555-0123' });
    expect(agentValue('email', ' Amy@Example.com ', 'New email address')).toEqual({
      ok: true,
      text: 'amy@example.com',
    });
    expect(agentValue('text', ' after 5pm ', 'Best time')).toEqual({ ok: true, text: 'after 5pm' });
  });

  it('refuses what cannot go to the customer, naming the field', () => {
    expect(agentValue('text', '  ', 'Best time')).toEqual({ ok: false, error: 'Please enter the best time.' });
    expect(agentValue('date', '2027-02-30', 'Callback date')).toEqual({
      ok: false,
      error: 'The callback date must be a date.',
    });
    expect(agentValue('money', '12.345', 'Amount')).toMatchObject({ ok: false });
    expect(agentValue('money', '0', 'Amount')).toMatchObject({ ok: false });
    expect(agentValue('money', '1000000.01', 'Amount')).toMatchObject({ ok: false });
    expect(agentValue('phone', '555-0123', 'New phone number')).toEqual({
      ok: false,
      error: 'The new phone number must have 10 digits.',
    });
    expect(agentValue('email', 'amy@', 'New email address')).toMatchObject({ ok: false });
    expect(agentValue('text', 'see {first_name}', 'Note')).toEqual({
      ok: false,
      error: 'The note cannot hold braces, tabs or line breaks.',
    });
    expect(agentValue('text', 'a\nb', 'Note')).toMatchObject({ ok: false });
    expect(agentValue('text', 'x'.repeat(201), 'Note')).toMatchObject({ ok: false });
  });

  it('writes any whole-cent amount it accepts back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const typed = (cents / 100).toFixed(2);
        const value = agentValue('money', typed, 'Amount');
        expect(value).toEqual({
          ok: true,
          text: `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        });
      }),
    );
  });
});
