import { describe, expect, it } from 'vitest';
import {
  draftFromNotice,
  fieldsFromDraft,
  formatUsDateEntry,
  isDraftChanged,
  unreadableDates,
  updateBodyFromDraft,
} from './notice-draft.ts';
import { noticeFixture } from '../../test/notice-fixtures.ts';

describe('the notice draft', () => {
  it('shows dates MM/DD/YYYY and SSNs formatted, and sends them back YYYY-MM-DD and as digits', () => {
    const notice = noticeFixture({ parsed_data: { joint_debtor_ssn: '4321' } });
    const draft = draftFromNotice(notice);
    expect(draft.fields.filed).toBe('01/02/2024');
    expect(draft.fields.debtor_ssn).toBe('123-45-6789');
    expect(draft.fields.joint_debtor_ssn).toBe('4321');
    expect(draft.fields.discharged).toBe('');
    expect(fieldsFromDraft(draft)).toEqual(notice.parsed_data);
    expect(isDraftChanged(draft, notice)).toBe(false);
    expect(isDraftChanged({ ...draft, fields: { ...draft.fields, case_number: '1' } }, notice)).toBe(true);
  });

  it('keeps a date that is not a real day as typed, and names it', () => {
    const draft = draftFromNotice(noticeFixture());
    const wrong = { ...draft, fields: { ...draft.fields, filed: '02/30/2024' } };
    expect(fieldsFromDraft(wrong).filed).toBe('02/30/2024');
    expect(unreadableDates(wrong)).toEqual(['Filing date must be a real date (MM/DD/YYYY).']);
  });

  it('gives eight typed digits their slashes and keeps only digits and slashes', () => {
    expect(formatUsDateEntry('01052024')).toBe('01/05/2024');
    expect(formatUsDateEntry('01/0a5')).toBe('01/05');
    expect(formatUsDateEntry('01/05/20245')).toBe('01/05/2024');
  });

  it('sends user_id only when staff may choose the customer; an emptied choice is taken back', () => {
    const unmatched = noticeFixture();
    expect(updateBodyFromDraft(draftFromNotice(unmatched), unmatched).notice).not.toHaveProperty('user_id');
    const customer = { id: 12, first_name: 'Jane', last_name: 'Doe', ssn_last_four: null, open_loan_ids: [] };
    const chosen = noticeFixture({ customer: { ...customer, match: 'staff' } });
    const draft = draftFromNotice(chosen);
    expect(draft.customerId).toBe('12');
    expect(updateBodyFromDraft(draft, chosen).notice.user_id).toBe(12);
    expect(updateBodyFromDraft({ ...draft, customerId: '' }, chosen).notice.user_id).toBeNull();
    const matched = noticeFixture({ customer: { ...customer, match: 'ssn' } });
    expect(updateBodyFromDraft(draftFromNotice(matched), matched).notice).not.toHaveProperty('user_id');
  });

  it('sends a masked SSN back as it was shown, so the stored number stays', () => {
    const notice = noticeFixture({ parsed_data: { debtor_ssn: '***-**-6789' } });
    const draft = draftFromNotice(notice);
    expect(draft.fields.debtor_ssn).toBe('***-**-6789');
    expect(fieldsFromDraft(draft).debtor_ssn).toBe('***-**-6789');
  });
});
