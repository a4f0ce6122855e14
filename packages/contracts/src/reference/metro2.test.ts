import { describe, expect, it } from 'vitest';
import {
  consumerInformationIndicator,
  delinquencyAccountStatus,
  metro2,
  metro2CodeFor,
  paymentHistoryCode,
  paymentRatingFor,
  type BankruptcyEvent,
} from './metro2.ts';

// The Metro 2 reference (copied, never retyped) and the consumer information indicator a
// bankruptcy implies, found by its meaning.

describe('metro2 reference data', () => {
  it('names its source and holds the value sets', () => {
    expect(metro2.source).toMatch(/Metro 2/);
    expect(Object.keys(metro2.consumer_information_indicator)).toHaveLength(19);
    expect(metro2.account_status['11']).toBe('Current account (0-29 days past the due date)');
  });
});

describe('consumerInformationIndicator', () => {
  it.each([
    ['petition', 7, 'A', 'Petition for Chapter 7 bankruptcy'],
    ['petition', 13, 'D', 'Petition for Chapter 13 bankruptcy'],
    ['discharge', 7, 'E', 'Discharged through Chapter 7 bankruptcy'],
    ['discharge', 13, 'H', 'Discharged / completed through Chapter 13 bankruptcy'],
    ['dismissal', 7, 'I', 'Chapter 7 bankruptcy dismissed'],
    ['dismissal', 13, 'L', 'Chapter 13 bankruptcy dismissed'],
  ] as const)('reports the %s of a chapter %i case as %s', (event, chapter, code, meaning) => {
    expect(consumerInformationIndicator(event as BankruptcyEvent, chapter)).toEqual({ code, meaning });
  });

  it('answers a different code for each event and chapter', () => {
    const codes = (['petition', 'discharge', 'dismissal'] as const).flatMap((event) =>
      ([7, 13] as const).map((chapter) => consumerInformationIndicator(event, chapter).code),
    );
    expect(new Set(codes).size).toBe(6);
  });
});

describe('codes by days past due, found by their meaning', () => {
  it.each([
    [0, '11', '0', '0'],
    [29, '11', '0', '0'],
    [30, '71', '1', '1'],
    [59, '71', '1', '1'],
    [60, '78', '2', '2'],
    [89, '78', '2', '2'],
    [90, '80', '3', '3'],
    [120, '82', '4', '4'],
    [150, '83', '5', '5'],
    [179, '83', '5', '5'],
    [180, '84', '6', '6'],
    [900, '84', '6', '6'],
  ])('%i days past due: status %s, history %s, rating %s', (days, status, history, rating) => {
    expect(delinquencyAccountStatus(days)).toBe(status);
    expect(paymentHistoryCode(days)).toBe(history);
    expect(paymentRatingFor(days)).toBe(rating);
  });

  it('finds a code by its exact meaning, and says when there is none', () => {
    expect(metro2CodeFor('account_status', 'Paid or closed account / zero balance')).toBe('13');
    expect(metro2CodeFor('payment_history_profile', 'Zero balance and current')).toBe('E');
    expect(metro2CodeFor('compliance_condition', 'Account information disputed by consumer under the FCRA')).toBe('XB');
    expect(() => metro2CodeFor('account_status', 'Nothing of the kind')).toThrow(/no account_status meaning/);
  });
});
