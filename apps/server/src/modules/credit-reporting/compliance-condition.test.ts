import { describe, expect, it } from 'vitest';
import { complianceConditionOn, lastCompleted, type ConsumerDispute } from './compliance-condition.ts';

// The compliance condition code of a loan on a date, case by case, worked out by hand from
// decision 049: XB while a dispute is open, XC after one closed with the consumer disagreeing, XH in
// the month an investigation completed without disagreement, blank otherwise.

const dispute = (
  from: string,
  to: string | null,
  consumerDisagrees = false,
  label = 'dispute #1',
): ConsumerDispute => ({
  label,
  from,
  to,
  consumerDisagrees,
});

describe('complianceConditionOn', () => {
  it('is blank for a loan never disputed', () => {
    expect(complianceConditionOn([], '2026-11-21')).toBeNull();
  });

  it('is XB from the day a dispute comes in until the day before it is resolved', () => {
    const disputes = [dispute('2026-10-05', '2026-11-20')];
    expect(complianceConditionOn(disputes, '2026-10-04')).toBeNull();
    expect(complianceConditionOn(disputes, '2026-10-05')).toBe('XB');
    expect(complianceConditionOn(disputes, '2026-11-19')).toBe('XB');
    expect(complianceConditionOn(disputes, '2026-11-20')).not.toBe('XB');
  });

  it('is XB while open however old, and while any one of several is open', () => {
    expect(complianceConditionOn([dispute('2020-01-02', null)], '2026-11-21')).toBe('XB');
    const disputes = [dispute('2026-09-01', '2026-09-10', true), dispute('2026-11-01', null, false, 'ACDV CN-1')];
    expect(complianceConditionOn(disputes, '2026-11-21')).toBe('XB');
  });

  it('is XH in the month the investigation completed without disagreement, then blank', () => {
    const disputes = [dispute('2026-10-05', '2026-11-20')];
    expect(complianceConditionOn(disputes, '2026-11-20')).toBe('XH');
    expect(complianceConditionOn(disputes, '2026-11-30')).toBe('XH');
    expect(complianceConditionOn(disputes, '2026-12-01')).toBeNull();
    expect(complianceConditionOn(disputes, '2027-06-30')).toBeNull();
  });

  it('is XH for a dispute opened and closed within one month (the monthly report never said XB)', () => {
    expect(complianceConditionOn([dispute('2026-11-02', '2026-11-02')], '2026-11-02')).toBe('XH');
  });

  it('is XC once resolved with the consumer disagreeing, and stays XC month after month', () => {
    const disputes = [dispute('2026-10-05', '2026-11-20', true)];
    expect(complianceConditionOn(disputes, '2026-11-19')).toBe('XB');
    expect(complianceConditionOn(disputes, '2026-11-20')).toBe('XC');
    expect(complianceConditionOn(disputes, '2027-11-20')).toBe('XC');
  });

  it('ends XC when a later investigation completes without disagreement (XH that month, then blank)', () => {
    const disputes = [dispute('2026-01-05', '2026-02-01', true), dispute('2026-05-01', '2026-05-20')];
    expect(complianceConditionOn(disputes, '2026-04-30')).toBe('XC');
    expect(complianceConditionOn(disputes, '2026-05-10')).toBe('XB');
    expect(complianceConditionOn(disputes, '2026-05-31')).toBe('XH');
    expect(complianceConditionOn(disputes, '2026-06-30')).toBeNull();
  });

  it('turns to XC again when a later one closes with the consumer disagreeing', () => {
    const disputes = [dispute('2026-01-05', '2026-02-01'), dispute('2026-05-01', '2026-05-20', true)];
    expect(complianceConditionOn(disputes, '2026-03-31')).toBeNull();
    expect(complianceConditionOn(disputes, '2026-05-31')).toBe('XC');
  });

  it('knows nothing of a dispute on a date before it came in, whatever its order in the list', () => {
    const disputes = [dispute('2026-08-01', '2026-08-20', true), dispute('2026-03-01', '2026-03-05')];
    expect(complianceConditionOn(disputes, '2026-03-31')).toBe('XH');
    expect(complianceConditionOn(disputes, '2026-07-31')).toBeNull();
    expect(complianceConditionOn(disputes, '2026-08-31')).toBe('XC');
  });
});

describe('lastCompleted', () => {
  it('takes the latest resolution, the disagreeing one on a tie', () => {
    const agreed = dispute('2026-03-01', '2026-04-01', false, 'dispute #1');
    const disagreed = dispute('2026-03-10', '2026-04-01', true, 'ACDV CN-2');
    expect(lastCompleted([agreed, disagreed], '2026-04-30')).toBe(disagreed);
    expect(lastCompleted([disagreed, agreed], '2026-04-30')).toBe(disagreed);
    expect(lastCompleted([agreed], '2026-03-31')).toBeNull();
  });
});
