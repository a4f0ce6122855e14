import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILLED_MACRO_VARIABLES, MACRO_VARIABLES, macroVariable } from '../macro-variables.ts';
import {
  askedOfAgent,
  customerDate,
  customerPhone,
  fillMacroText,
  parseMacroText,
  unfilledVariables,
  unfilledVariablesError,
  unknownVariablesError,
  unknownVariablesIn,
  variablesIn,
  withoutVariables,
} from './macro-variables.ts';

const kinds = (text: string) => parseMacroText(text).map((part) => (part.kind === 'text' ? part.text : part.kind));

describe('the catalogue', () => {
  it('names each variable once, in the grammar of {name}, with a sentence', () => {
    const names = MACRO_VARIABLES.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    for (const variable of MACRO_VARIABLES) {
      expect(variable.name).toMatch(/^[a-z_][a-z0-9_]*$/);
      expect(variable.description).toMatch(/\.$/);
    }
    expect(macroVariable('payoff_amount')?.source).toBe('account');
    expect(macroVariable('agent_first_name')?.source).toBe('employee');
    expect(macroVariable('callback_date')).toMatchObject({ source: 'agent', input: 'date', label: 'Callback date' });
    expect(macroVariable('nope')).toBeUndefined();
  });

  it('holds what the task and the older macros use', () => {
    for (const name of [
      'first_name',
      'last_name',
      'payoff_amount',
      'next_due_date',
      'next_payment_amount',
      'loan_id',
      'past_due_amount',
      'agent_first_name',
      'agent_name',
      'phone',
      'birthday',
    ])
      expect(FILLED_MACRO_VARIABLES.map((variable) => variable.name)).toContain(name);
  });
});

describe('parseMacroText', () => {
  it('tells catalogue variables, asked ones and unknown names apart, and keeps the rest as text', () => {
    expect(kinds('Hi {first_name}, call {?best time} re {x}.')).toEqual([
      'Hi ',
      'variable',
      ', call ',
      'asked',
      ' re ',
      'unknown',
      '.',
    ]);
  });

  it('reads braces that hold no name as text: {}, { a }, {1x}, lone braces, JSON', () => {
    for (const text of ['{}', '{ first_name }', '{1x}', 'a { b', 'c } d', '{"a": 1}', '{first-name}', '{{'])
      expect(kinds(text)).toEqual([text]);
  });

  it('has no escape: {{first_name}} is braces around a variable', () => {
    expect(kinds('{{first_name}}')).toEqual(['{', 'variable', '}']);
  });

  it('reads an asked label trimmed, its spaces one, the same label in any case once', () => {
    const parts = variablesIn('{?Best  time } and {? best time} and {?other}');
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatchObject({ kind: 'asked', key: '?best time', label: 'Best time' });
  });

  it('calls an asked variable without a label, or with too long a label, unknown', () => {
    expect(unknownVariablesIn(`{?} {?   } {?${'x'.repeat(61)}} {?${'y'.repeat(60)}}`)).toEqual([
      '{?}',
      '{?   }',
      `{?${'x'.repeat(61)}}`,
    ]);
  });

  it('gives the text back, joined, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const joined = parseMacroText(text)
          .map((part) => (part.kind === 'text' ? part.text : part.token))
          .join('');
        expect(joined).toBe(text);
      }),
    );
  });
});

describe('fillMacroText', () => {
  it('fills the variables with values, leaves the others as typed and reports them once', () => {
    const filled = fillMacroText('Hi {first_name}, pay {payoff_amount} by {?day} {first_name} {zzz} {zzz}', {
      first_name: 'Amy',
      payoff_amount: null,
    });
    expect(filled.text).toBe('Hi Amy, pay {payoff_amount} by {?day} Amy {zzz} {zzz}');
    expect(filled.unfilled.map((part) => part.token)).toEqual(['{payoff_amount}', '{?day}', '{zzz}']);
  });

  it('fills asked variables by their key, and never an unknown name even with a value', () => {
    expect(fillMacroText('{?Best time} / {?best TIME} / {x}', { '?best time': '9am', x: 'no', '{x}': 'no' }).text).toBe(
      '9am / 9am / {x}',
    );
  });

  it('leaves a variable whose value is empty', () => {
    expect(fillMacroText('Hi {first_name}', { first_name: '' }).text).toBe('Hi {first_name}');
  });

  it('puts values in once: a value that holds a variable is not filled again', () => {
    expect(fillMacroText('{first_name} {last_name}', { first_name: '{last_name}', last_name: 'Ng' }).text).toBe(
      '{last_name} Ng',
    );
  });

  it('segments the text as filled, with the parts left', () => {
    expect(fillMacroText('a {loan_id} b {x}', { loan_id: '7' }).segments).toMatchObject([
      { kind: 'text', text: 'a ' },
      { kind: 'filled', text: '7' },
      { kind: 'text', text: ' b ' },
      { kind: 'unfilled', part: { token: '{x}' } },
    ]);
  });

  it('leaves a text without variables as it is, and fills every known variable given a value', () => {
    const names = MACRO_VARIABLES.map((variable) => variable.name);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...names), { maxLength: 10 }), fc.string({ maxLength: 30 }), (used, gap) => {
        const plain = gap.replace(/[{}]/g, '');
        expect(fillMacroText(plain, {}).text).toBe(plain);
        const text = used.map((name) => `{${name}}`).join(plain);
        const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
        expect(unfilledVariables(fillMacroText(text, values).text)).toEqual([]);
      }),
    );
  });
});

describe('askedOfAgent', () => {
  it('lists the agent variables of the catalogue and the asked ones, once each, not the account ones', () => {
    const asked = askedOfAgent('{first_name} {callback_date} {?time} {amount_agreed} {callback_date} {x}');
    expect(asked.map((part) => part.key)).toEqual(['callback_date', '?time', 'amount_agreed']);
  });
});

describe('unfilledVariables and its sentence (send_reply and the reply box)', () => {
  it('lists every variable still in the text, known, asked or unknown', () => {
    expect(unfilledVariables('Hi Amy, {payoff_amount} {?day} {x} {payoff_amount}')).toEqual([
      '{payoff_amount}',
      '{?day}',
      '{x}',
    ]);
    expect(unfilledVariables('Hi Amy, {} { x } {1}')).toEqual([]);
  });

  it('says what to fill in, or null', () => {
    expect(unfilledVariablesError('Pay {payoff_amount}')).toBe(
      'Fill in {payoff_amount} before sending: the customer would read it exactly as written.',
    );
    expect(unfilledVariablesError('{a} {b} {?c}')).toBe(
      'Fill in {a}, {b} and {?c} before sending: the customer would read them exactly as written.',
    );
    expect(unfilledVariablesError('Pay $5')).toBeNull();
  });
});

describe('unknownVariablesError (update_macro and the editor)', () => {
  it('names unknown names and suggests the asked form', () => {
    expect(unknownVariablesError('Hi {frist_name}')).toBe(
      'The text uses {frist_name}, which is not a variable the Portal knows: use one from the list, or write {?frist name} to have the agent asked for it.',
    );
    expect(unknownVariablesError('{a} {b}')).toContain(
      'The text uses {a} and {b}, which are not variables the Portal knows',
    );
  });

  it('asks for a label for an empty asked variable', () => {
    expect(unknownVariablesError('{?}')).toBe(
      'The text asks the agent with {?}, which needs a label of 1 to 60 characters, as in {?callback time}.',
    );
  });

  it('is null when every variable is known or asked', () => {
    expect(unknownVariablesError('Hi {first_name}, {?callback time}, {payoff_amount} {}')).toBeNull();
  });
});

describe('customerDate and customerPhone', () => {
  it('write dates in words and ten-digit phones with their area code', () => {
    expect(customerDate('2026-12-01')).toBe('December 1, 2026');
    expect(customerPhone('5035550123')).toBe('(503) 555-0123');
    expect(customerPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});

describe('withoutVariables', () => {
  it('takes out every variable left with the spaces before it', () => {
    expect(withoutVariables('Hi {first_name}, we are closed. {agent_name} {?x} will call.')).toBe(
      'Hi, we are closed. will call.',
    );
  });
});
