import { describe, expect, it } from 'vitest';
import {
  incomeVerifyProblems,
  NAME_MATCH_MESSAGE,
  readIncomeAmount,
  type IncomeVerifyFields,
} from './income-verify.ts';

const limits = { today: '2026-11-21', minimumPaystubDate: '2026-10-04' };
const valid: IncomeVerifyFields = {
  name_match: true,
  paystub_date: '2026-11-14',
  gross_income: '2500',
  net_income: '1900.50',
  frequency: 'Weekly',
  start_date: '',
  end_date: '',
};
const problems = (change: Partial<IncomeVerifyFields>) => incomeVerifyProblems({ ...valid, ...change }, limits);

describe('the income verify form (spec 001 section 5)', () => {
  it('takes a complete form', () => {
    expect(problems({})).toEqual({});
    expect(problems({ frequency: '', start_date: '2026-11-01', end_date: '2026-11-21' })).toEqual({});
  });

  it('needs the name match confirmed', () => {
    expect(problems({ name_match: false })).toEqual({ name_match: NAME_MATCH_MESSAGE });
  });

  it('takes a paystub dated from the minimum to 30 days ahead, both ends included', () => {
    expect(problems({ paystub_date: '2026-10-04' })).toEqual({});
    expect(problems({ paystub_date: '2026-10-03' }).paystub_date).toBe(
      'The paystub must be dated on or after 2026-10-04.',
    );
    expect(problems({ paystub_date: '2026-12-21' })).toEqual({});
    expect(problems({ paystub_date: '2026-12-22' }).paystub_date).toBe(
      'The paystub can be dated at most 30 days from today (2026-12-21).',
    );
    expect(problems({ paystub_date: '' }).paystub_date).toBe('Paystub date is required.');
    expect(problems({ paystub_date: '2026-13-01' }).paystub_date).toBe('Paystub date is not a valid date.');
  });

  it('needs gross and net as numbers, net not above gross', () => {
    expect(problems({ gross_income: '' }).gross_income).toBe('Gross income is required.');
    expect(problems({ net_income: 'abc' }).net_income).toBe(
      'Net income must be a number of dollars and cents, like 1250.50.',
    );
    expect(problems({ net_income: '2500.01' }).net_income).toBe('Net income cannot be more than gross income.');
    expect(problems({ net_income: '2500' })).toEqual({});
    expect(readIncomeAmount('Gross income', '$2,500.5')).toBe(250_050);
    expect(readIncomeAmount('Gross income', '1.234')).toMatch(/dollars and cents/);
  });

  it('needs a frequency or both dates of the pay period, not after today and in order', () => {
    expect(problems({ frequency: '' }).period).toBe(
      'Choose a pay frequency, or enter both the start and end dates of the pay period.',
    );
    expect(problems({ frequency: '', end_date: '2026-11-10' }).period).toBeDefined();
    expect(problems({ frequency: 'Fortnightly' }).frequency).toBe(
      'Frequency must be one of Monthly, Semi-monthly, Bi-weekly, Weekly.',
    );
    expect(problems({ frequency: '', start_date: '2026-11-22', end_date: '2026-11-22' })).toEqual({
      start_date: 'Start date cannot be after today (2026-11-21).',
      end_date: 'End date cannot be after today (2026-11-21).',
    });
    expect(problems({ frequency: '', start_date: '2026-11-10', end_date: '2026-11-01' }).end_date).toBe(
      'End date cannot be before the start date.',
    );
  });
});
