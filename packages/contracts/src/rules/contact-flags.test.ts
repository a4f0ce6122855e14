import { describe, expect, it } from 'vitest';
import { contactFlagNote, contactFlagProblem, DNC_REASONS, DNL_REASONS, shortEmployeeName } from './contact-flags.ts';

describe('contact flags', () => {
  it('lists the spec reasons: five for DNC, three for DNL', () => {
    expect(DNC_REASONS).toEqual([
      'User requested',
      'Authorized third party requested',
      'In bankruptcy',
      'Identity theft/fraud',
      'Profanity/threats',
    ]);
    expect(DNL_REASONS).toEqual(['In bankruptcy', 'Identity theft/fraud', 'Profanity/threats']);
  });

  it('needs a reason of the flag to turn it on', () => {
    expect(contactFlagProblem({ flag: 'dnc', on: true })).toBe('Please select a reason for DNC.');
    expect(contactFlagProblem({ flag: 'dnl', on: true, reason: '  ' })).toBe('Please select a reason for DNL.');
    expect(contactFlagProblem({ flag: 'dnl', on: true, reason: 'User requested' })).toBe(
      'DNL reason must be one of: In bankruptcy, Identity theft/fraud, Profanity/threats.',
    );
    expect(contactFlagProblem({ flag: 'dnc', on: true, reason: 'User requested' })).toBeNull();
    expect(contactFlagProblem({ flag: 'dnc', on: false })).toBeNull();
  });

  it('limits the context', () => {
    expect(contactFlagProblem({ flag: 'dnc', on: true, reason: 'User requested', context: 'x'.repeat(501) })).toBe(
      'The context must be at most 500 characters.',
    );
  });

  it('writes the comment note as the spec shows it, with the context when given', () => {
    expect(contactFlagNote({ flag: 'dnc', on: true, reason: 'User requested' }, 'Maria D.')).toBe(
      'DNC on: User requested (by Maria D.)',
    );
    expect(
      contactFlagNote({ flag: 'dnl', on: true, reason: 'In bankruptcy', context: 'Chapter 7 notice' }, 'Maria D.'),
    ).toBe('DNL on: In bankruptcy - Chapter 7 notice (by Maria D.)');
    expect(contactFlagNote({ flag: 'dnc', on: false }, 'Sam P.')).toBe('DNC off (by Sam P.)');
  });

  it('shortens an employee name to first name and last initial', () => {
    expect(shortEmployeeName('Maria Delgado')).toBe('Maria D.');
    expect(shortEmployeeName('Maria José de la Cruz')).toBe('Maria C.');
    expect(shortEmployeeName('Cher')).toBe('Cher');
  });
});
