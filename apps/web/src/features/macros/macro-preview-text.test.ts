import { describe, expect, it } from 'vitest';
import { fillMacroPlaceholders } from '@portal/contracts';
import { placeholdersIn, previewParts, sampleCustomer } from './macro-preview-text.ts';

const values = sampleCustomer('Ana Lopez');

describe('previewParts', () => {
  it('reads as the reply box fills the text, with the unknown placeholders kept', () => {
    const body = 'Hi {first_name}, your phone is now {new_phone}. {agent_name} {first_name}{x}';
    const parts = previewParts(body, values);
    expect(parts.map((part) => part.text).join('')).toBe(fillMacroPlaceholders(body, values));
    expect(parts.filter((part) => part.kind !== 'text')).toEqual([
      { kind: 'filled', name: 'first_name', text: 'Maria' },
      { kind: 'unknown', name: 'new_phone', text: '{new_phone}' },
      { kind: 'filled', name: 'agent_name', text: 'Ana' },
      { kind: 'filled', name: 'first_name', text: 'Maria' },
      { kind: 'unknown', name: 'x', text: '{x}' },
    ]);
  });
});

describe('placeholdersIn', () => {
  it('lists each placeholder once, known and unknown apart', () => {
    expect(placeholdersIn('{first_name} {amount} {first_name} {loan_id} {amount} {date}')).toEqual({
      known: ['first_name', 'loan_id'],
      unknown: ['amount', 'date'],
    });
  });
});
