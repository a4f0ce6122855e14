import { describe, expect, it } from 'vitest';
import { automaticStayOf, type BankruptcyCaseDates } from './automatic-stay.ts';

const filed: BankruptcyCaseDates = {
  caseNumber: '26-10001',
  chapter: 7,
  filedOn: '2026-10-05',
  dischargedOn: null,
  dismissedOn: null,
};

describe('automaticStayOf', () => {
  it('holds from the filing while the case is neither discharged nor dismissed', () => {
    expect(automaticStayOf([filed])).toEqual({ caseNumber: '26-10001', chapter: 7 });
    expect(automaticStayOf([filed], '2026-10-05')).toEqual({ caseNumber: '26-10001', chapter: 7 });
    expect(automaticStayOf([filed], '2026-10-04')).toBeNull();
  });

  it('ends on the day of the discharge or the dismissal, and not before', () => {
    const discharged = { ...filed, dischargedOn: '2027-01-10' };
    expect(automaticStayOf([discharged])).toBeNull();
    expect(automaticStayOf([discharged], '2027-01-09')).not.toBeNull();
    expect(automaticStayOf([discharged], '2027-01-10')).toBeNull();
    const dismissed = { ...filed, dismissedOn: '2026-11-01' };
    expect(automaticStayOf([dismissed], '2026-10-31')).not.toBeNull();
    expect(automaticStayOf([dismissed], '2026-11-01')).toBeNull();
  });

  it('never holds for a case without a filing date, and names the latest filed case', () => {
    expect(automaticStayOf([{ ...filed, filedOn: null }])).toBeNull();
    const later = { ...filed, caseNumber: '26-20002', chapter: 13, filedOn: '2026-11-02' };
    expect(automaticStayOf([filed, later])).toEqual({ caseNumber: '26-20002', chapter: 13 });
    expect(automaticStayOf([filed, later], '2026-10-20')).toEqual({ caseNumber: '26-10001', chapter: 7 });
  });
});
