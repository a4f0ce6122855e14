import { describe, expect, it } from 'vitest';
import { userSearchFieldProblems } from '@portal/contracts';
import { maskDate, maskPhone, maskSearchField, maskZip } from './user-search-masks.ts';

describe('the user search masks', () => {
  it('lay out digits as the formats of the search ask', () => {
    expect(maskPhone('5551234567')).toBe('(555) 123-4567');
    expect(maskPhone('555')).toBe('(555');
    expect(maskPhone('5551')).toBe('(555) 1');
    expect(maskPhone('(555) 123-45678')).toBe('(555) 123-4567');
    expect(maskSearchField('ssn', '123456789')).toBe('123-45-6789');
    expect(maskSearchField('ssn', '1234')).toBe('123-4');
    expect(maskDate('01021990')).toBe('01/02/1990');
    expect(maskDate('013')).toBe('01/3');
    expect(maskZip('941071234')).toBe('94107-1234');
    expect(maskZip('9410')).toBe('9410');
    expect(maskSearchField('ssn_last_four', '12a345')).toBe('1234');
    expect(maskSearchField('email', 'Ana@Example.com')).toBe('Ana@Example.com');
  });

  it('give values the shared rule accepts once complete', () => {
    expect(
      userSearchFieldProblems({
        phone_number: maskPhone('5551234567'),
        ssn: maskSearchField('ssn', '123456789'),
        dob: maskDate('01021990'),
        zip: maskZip('941071234'),
      }),
    ).toEqual({});
  });
});
