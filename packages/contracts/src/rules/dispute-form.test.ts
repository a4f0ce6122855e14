import { describe, expect, it } from 'vitest';
import { disputeChangesSchema } from '../disputes.ts';
import {
  CREDIT_REPORTING_RESPONSES,
  DISPUTE_MESSAGES,
  DISPUTE_RESPONSE_TYPES,
  DISPUTE_TYPES,
  disputeFieldProblems,
  disputeTypeLabel,
  findResponseType,
  resolveProblems,
  disputeOutcomeProblems,
  usDateToIso,
  userSearchFieldProblems,
  userSearchProblem,
  userSearchType,
  ZIP_PATTERN,
  type DisputeFormValues,
} from './dispute-form.ts';

// The dispute form's rules, one by one: the screen warns with them as staff type and the server
// refuses with them, so both must say exactly this.

const COMPLETE: DisputeFormValues = {
  user_id: '41',
  loan_id: '97',
  first_name: 'Jane',
  last_name: 'Doe',
  street: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  type: 'Dispute::IdentityTheft',
  sent_by_third_party: false,
  contains_valid_3pa: null,
};

describe('the spec sentences', () => {
  it('are word for word those of spec 001 sections 5 and 8', () => {
    expect(DISPUTE_MESSAGES).toMatchObject({
      correctBeforeSaving: 'Please correct invalid fields before saving',
      selectResponseType: 'Please select a response type',
      updated: 'Dispute information updated successfully',
      resolved: 'Dispute resolved successfully',
      heldByOther: 'This dispute is already assigned to another employee and is not editable by you',
      noneLeft: 'No unresolved disputes found.',
      inactivity: 'Dispute was automatically unassigned due to inactivity',
      userApplied: 'User information applied to dispute',
      searchCriteria: 'Please provide either a primary identifier or at least 2 secondary search fields',
      correctBeforeSearching: 'Please correct invalid fields before searching',
      noUsersFound: 'No users found matching your search criteria',
      noUsersHint: 'Try adjusting your search terms or using fewer filters',
    });
  });
});

describe('dispute types', () => {
  it('are the four wire values of spec 001 section 3, labelled, and "Not specified" otherwise', () => {
    expect(DISPUTE_TYPES.map((type) => type.value)).toEqual([
      'Dispute::DebtValidation',
      'Dispute::IdentityTheft',
      'Dispute::GoodwillRequest',
      'Dispute::Other',
    ]);
    expect(disputeTypeLabel('Dispute::GoodwillRequest')).toBe('Goodwill Request');
    expect(disputeTypeLabel(null)).toBe('Not specified');
    expect(disputeTypeLabel('Dispute::Unknown')).toBe('Not specified');
  });
});

describe('disputeFieldProblems', () => {
  it('accepts a complete form and an empty one (empty fields wait for a response type)', () => {
    expect(disputeFieldProblems(COMPLETE)).toEqual({});
    expect(disputeFieldProblems({})).toEqual({});
    expect(disputeFieldProblems({ zip: '  ', state: '', type: '' })).toEqual({});
  });

  it('wants a ZIP of 5 digits or 5-4', () => {
    for (const zip of ['62701', '62701-1234', ' 62701 ']) expect(disputeFieldProblems({ zip })).toEqual({});
    for (const zip of ['6270', '627011', '62701-123', '62701 1234', 'ABCDE', '627011234'])
      expect(disputeFieldProblems({ zip })).toEqual({ zip: 'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).' });
    expect(ZIP_PATTERN.test('62701-1234')).toBe(true);
  });

  it('wants a state from the list of US states and DC, as its code', () => {
    for (const state of ['IL', 'DC', 'WY']) expect(disputeFieldProblems({ state })).toEqual({});
    for (const state of ['XX', 'il', 'Illinois', 'PR'])
      expect(disputeFieldProblems({ state })).toEqual({ state: 'Choose a state from the list.' });
  });

  it('wants numeric user and loan ids and a dispute type from the list', () => {
    expect(disputeFieldProblems({ user_id: 'abc', loan_id: '12a', type: 'Dispute::Whatever' })).toEqual({
      user_id: 'A user ID is a number.',
      loan_id: 'A loan ID is a number.',
      type: 'Choose a dispute type from the list.',
    });
    expect(disputeFieldProblems({ user_id: '1234567890123456' })).toEqual({ user_id: 'A user ID is a number.' });
  });
});

describe('resolveProblems', () => {
  it('asks for a response type when none or an unknown one is chosen', () => {
    for (const apiValue of [undefined, null, '', 'DisputeResponse::Shrug', 'validation'])
      expect(resolveProblems(apiValue, COMPLETE)).toEqual(['Please select a response type']);
  });

  it('lets every response type through when the dispute has every field', () => {
    for (const type of DISPUTE_RESPONSE_TYPES) expect(resolveProblems(type.apiValue, COMPLETE)).toEqual([]);
  });

  const WHOLE = 'User ID, Loan ID, First Name, Last Name, Street, City, State, ZIP, Dispute Type';
  it.each([
    ['DisputeResponse::Validation', `A Validation response needs ${WHOLE}.`],
    ['DisputeResponse::IdentityTheft', `An Identity Theft response needs ${WHOLE}.`],
    ['DisputeResponse::CannotDelete', `A Cannot Delete response needs ${WHOLE}.`],
    [
      'DisputeResponse::NotFound',
      'A Not Found response needs First Name, Last Name, Street, City, State, ZIP, Dispute Type.',
    ],
    ['DisputeResponse::ThirdPartyAuthorization', 'A 3PA response needs User ID, First Name, Last Name, Dispute Type.'],
    ['DisputeResponse::PowerOfAttorney', 'A POA response needs User ID, First Name, Last Name, Dispute Type.'],
  ])('names every field %s needs on an empty dispute', (apiValue, sentence) => {
    expect(resolveProblems(apiValue, {})).toEqual([sentence]);
  });

  it('needs nothing for no_response, and counts blank text as empty', () => {
    expect(resolveProblems('DisputeResponse::NoResponse', {})).toEqual([]);
    expect(resolveProblems('DisputeResponse::PowerOfAttorney', { ...COMPLETE, first_name: '   ' })).toEqual([
      'A POA response needs First Name.',
    ]);
    // The third-party answers are never required.
    expect(
      resolveProblems('DisputeResponse::Validation', {
        ...COMPLETE,
        sent_by_third_party: null,
        contains_valid_3pa: null,
      }),
    ).toEqual([]);
  });

  it('asks for a loan when the consumer still disagrees or it was resolved in their favour', () => {
    const noLoan = { ...COMPLETE, loan_id: '' };
    expect(resolveProblems('DisputeResponse::NoResponse', noLoan, { in_consumers_favour: true })).toEqual([
      "A resolution in the consumer's favour needs a Loan ID: the corrected loan is sent to the credit bureaus.",
    ]);
    expect(resolveProblems('DisputeResponse::NoResponse', noLoan, { consumer_disagrees: true })).toEqual([
      'A consumer who still disagrees needs a Loan ID: the loan is reported as disputed (XC).',
    ]);
    // Both at once (corrected in part, the consumer still disagreeing with the rest) is a resolution.
    const both = { consumer_disagrees: true, in_consumers_favour: true };
    expect(resolveProblems('DisputeResponse::Validation', COMPLETE, both)).toEqual([]);
    expect(resolveProblems('DisputeResponse::NoResponse', noLoan, { consumer_disagrees: false })).toEqual([]);
    // With the response's own missing fields first.
    expect(resolveProblems('DisputeResponse::Validation', noLoan, both)).toEqual([
      'A Validation response needs Loan ID.',
      "A resolution in the consumer's favour needs a Loan ID: the corrected loan is sent to the credit bureaus.",
      'A consumer who still disagrees needs a Loan ID: the loan is reported as disputed (XC).',
    ]);
  });

  it('says per outcome what it lacks, for the screen to show beside each choice', () => {
    expect(disputeOutcomeProblems({ loan_id: ' ' }, { in_consumers_favour: true, consumer_disagrees: false })).toEqual({
      in_consumers_favour:
        "A resolution in the consumer's favour needs a Loan ID: the corrected loan is sent to the credit bureaus.",
    });
    expect(disputeOutcomeProblems({ loan_id: '97' }, { in_consumers_favour: true, consumer_disagrees: true })).toEqual(
      {},
    );
  });

  it('maps keys to API values, and sends only identity theft to credit reporting', () => {
    expect(DISPUTE_RESPONSE_TYPES.map((type) => type.key)).toEqual([
      'validation',
      'identity',
      'cannot_delete',
      'not_found',
      '3pa',
      'poa',
      'no_response',
    ]);
    expect(findResponseType('DisputeResponse::ThirdPartyAuthorization')?.key).toBe('3pa');
    expect(findResponseType('3pa')).toBeUndefined();
    expect(CREDIT_REPORTING_RESPONSES).toEqual(['DisputeResponse::IdentityTheft']);
  });
});

describe('usDateToIso', () => {
  it('turns a real MM/DD/YYYY day into YYYY-MM-DD, and anything else into null', () => {
    expect(usDateToIso('02/29/1984')).toBe('1984-02-29');
    expect(usDateToIso(' 12/31/1999 ')).toBe('1999-12-31');
    for (const text of ['02/29/1985', '13/01/1990', '2/3/1990', '1990-02-03', '02-03-1990', '00/10/1990', ''])
      expect(usDateToIso(text)).toBeNull();
  });
});

describe('the dispute user search', () => {
  it('checks each field’s format, ignoring empty ones', () => {
    expect(
      userSearchFieldProblems({
        user_id: '12',
        loan_id: '34',
        ssn: '123-45-6789',
        ssn_last_four: '6789',
        dob: '02/29/1984',
        phone_number: '(217) 555-0143',
        zip: '62701-1234',
        state: 'DC',
        email: 'jane@example.com',
        first_name: 'anything',
        street: '',
      }),
    ).toEqual({});
    expect(userSearchFieldProblems({ phone_number: '2175550143', ssn: '123456789' })).toEqual({});
    expect(
      userSearchFieldProblems({
        user_id: 'x1',
        loan_id: '1.5',
        ssn: '12-345-6789',
        ssn_last_four: '678',
        dob: '1984-02-29',
        phone_number: '217-555-0143',
        zip: '6270',
        state: 'Illinois',
        email: 'jane.example.com',
      }),
    ).toEqual({
      user_id: 'A user ID is a number.',
      loan_id: 'A loan ID is a number.',
      ssn: 'SSN must be XXX-XX-XXXX.',
      ssn_last_four: 'Last 4 of SSN must be 4 digits.',
      dob: 'Date of birth must be MM/DD/YYYY.',
      phone_number: 'Phone must be (XXX) XXX-XXXX.',
      zip: 'ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).',
      state: 'Choose a state from the list.',
      email: 'Email must look like name@example.com.',
    });
  });

  it('is a primary search with any unique identifier, a secondary one with two other fields', () => {
    expect(userSearchType({ user_id: '1' })).toBe('primary');
    expect(userSearchType({ loan_id: '1' })).toBe('primary');
    expect(userSearchType({ ssn: '123-45-6789', city: 'Boise' })).toBe('primary');
    expect(userSearchType({ first_name: 'Jane', last_name: 'Doe' })).toBe('secondary');
    expect(userSearchType({ last_name: 'Doe' })).toBeNull();
    expect(userSearchType({ last_name: 'Doe', city: '  ' })).toBeNull();
    expect(userSearchType({})).toBeNull();
  });

  it('stops on invalid fields first, then on too few criteria', () => {
    expect(userSearchProblem({ zip: '1', last_name: 'Doe', city: 'Boise' })).toBe(
      'Please correct invalid fields before searching',
    );
    expect(userSearchProblem({ zip: '1' })).toBe('Please correct invalid fields before searching');
    expect(userSearchProblem({ city: 'Boise' })).toBe(
      'Please provide either a primary identifier or at least 2 secondary search fields',
    );
    expect(userSearchProblem({ city: 'Boise', state: 'ID' })).toBeNull();
    expect(userSearchProblem({ user_id: '7' })).toBeNull();
  });
});

describe('update_dispute changes (disputes.ts)', () => {
  it('leaves absent fields out, clears blank or null ones, and keeps the rest trimmed', () => {
    expect(disputeChangesSchema.parse({ first_name: ' Jane ', city: '', street: null, zip: '62701' })).toEqual({
      first_name: 'Jane',
      city: null,
      street: null,
      zip: '62701',
    });
    expect(disputeChangesSchema.parse({})).toEqual({});
    expect(disputeChangesSchema.parse({ state: '', zip: null, phone_number: '' })).toEqual({
      state: null,
      zip: null,
      phone_number: null,
    });
  });

  it('refuses what the form would refuse, and unknown fields', () => {
    const messages = (input: object) =>
      disputeChangesSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ zip: '1234' })).toEqual(['ZIP must be 5 digits or 5-4 (XXXXX or XXXXX-XXXX).']);
    expect(messages({ state: 'XX' })).toEqual(['Choose a state from the list.']);
    expect(messages({ type: 'Dispute::Whatever' })).toEqual(['Choose a dispute type from the list.']);
    expect(messages({ phone_number: '555-0143' })).toEqual(['A phone number has 10 digits.']);
    expect(messages({ full_ssn: '123-45-678' })).toEqual(['An SSN is 9 digits, e.g. 123-45-6789.']);
    expect(messages({ phone_number: '+1 (217) 555-0143', full_ssn: '123 45 6789' })).toEqual([]);
    expect(disputeChangesSchema.safeParse({ status: 'resolved' }).success).toBe(false);
  });
});
