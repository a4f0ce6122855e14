import { describe, expect, it } from 'vitest';
import { fillMacroText, MACRO_VARIABLES, unfilledVariables } from '@portal/contracts';
import { previewParts, sampleValues } from './macro-preview-text.ts';

const values = sampleValues('Ana Lopez');

describe('sampleValues', () => {
  it('has a value for every variable of the catalogue, and signs with the agent first name', () => {
    const text = MACRO_VARIABLES.map((variable) => `{${variable.name}}`).join(' ');
    expect(unfilledVariables(fillMacroText(text, values).text)).toEqual([]);
    expect(values.agent_first_name).toBe('Ana');
    expect(sampleValues(null).agent_first_name).toBe('Alex');
  });
});

describe('previewParts', () => {
  it('reads as the reply box fills the text: account and agent values, questions by label, unknown names kept', () => {
    const body = 'Hi {first_name}, we call {callback_date} at {?best time}. {agent_first_name} {x}';
    const parts = previewParts(body, values);
    expect(parts.filter((part) => part.kind !== 'text')).toEqual([
      { kind: 'filled', name: 'first_name', text: 'Maria', asked: false },
      { kind: 'filled', name: 'callback_date', text: 'July 9, 2027', asked: true },
      { kind: 'question', label: 'best time', text: '[best time]' },
      { kind: 'filled', name: 'agent_first_name', text: 'Ana', asked: false },
      { kind: 'unknown', text: '{x}' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe('Hi Maria, we call July 9, 2027 at [best time]. Ana {x}');
  });
});
