import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../platform/pdf-text.ts';
import { disputeTypeOf, readDisputeLetter } from './dispute-letter-parser.ts';
import { drawDisputeLetter, SAMPLE_SENDER, type DisputeLetterKind } from '@portal/demo-data/samples';
import { JANE_DOE } from '../../testing/sample-dispute-sender.ts';

// The letters are drawn as real PDFs and read back through the PDF text reader, as an upload is.

const JANE = { ...JANE_DOE, phoneNumber: '2175550143' };

const KINDS: Array<[DisputeLetterKind, string]> = [
  ['identity_theft', 'Dispute::IdentityTheft'],
  ['debt_validation', 'Dispute::DebtValidation'],
  ['goodwill', 'Dispute::GoodwillRequest'],
  ['other', 'Dispute::Other'],
];

describe('readDisputeLetter on drawn letters', () => {
  it.each(KINDS)('reads a one-page %s letter with the sender block at the top', async (kind, type) => {
    const text = await readPdfText(await drawDisputeLetter({ kind }));
    expect(readDisputeLetter(text)).toEqual({ type, ...JANE });
  });

  it.each(KINDS)('reads a two-page %s letter with the address under the signature', async (kind, type) => {
    const pdf = await drawDisputeLetter({ kind, pages: 2, addressAt: 'signature' });
    const text = await readPdfText(pdf);
    // The lender's address at the top is not taken for the sender's.
    expect(text).toContain('San Mateo, CA 94401');
    expect(readDisputeLetter(text)).toEqual({ type, ...JANE });
  });

  it('reads another sender, a ZIP+4 and no phone', async () => {
    const text = await readPdfText(
      await drawDisputeLetter({
        kind: 'debt_validation',
        sender: {
          name: "Mary-Kate O'Brien",
          street: '400 Lake Shore Dr Apt 12',
          city: 'Chicago',
          state: 'IL',
          zip: '60611-4410',
        },
      }),
    );
    expect(readDisputeLetter(text)).toEqual({
      type: 'Dispute::DebtValidation',
      firstName: 'Mary-Kate',
      lastName: "O'Brien",
      street: '400 Lake Shore Dr Apt 12',
      city: 'Chicago',
      state: 'IL',
      zip: '60611-4410',
      phoneNumber: null,
    });
  });
});

describe('readDisputeLetter on text', () => {
  it('leaves a state that is not a US state code and a malformed ZIP empty, keeping the rest', () => {
    const letter = readDisputeLetter(
      [
        'Jane Q Doe',
        '12 Main St',
        'Springfield, ZZ 6270',
        'To whom it may concern:',
        'Please correct my balance.',
      ].join('\n'),
    );
    expect(letter).toMatchObject({ firstName: 'Jane', lastName: 'Doe', street: '12 Main St', city: 'Springfield' });
    expect(letter.state).toBeNull();
    expect(letter.zip).toBeNull();
  });

  it('reads a state written out, and a street and unit on two lines', () => {
    const letter = readDisputeLetter(
      ['John A. Smith Jr.', '77 Oak Ave', 'Apt 3B', 'Austin, Texas 78701', 'Dear Sir or Madam,', 'Hello.'].join('\n'),
    );
    expect(letter).toMatchObject({
      firstName: 'John',
      lastName: 'Smith',
      street: '77 Oak Ave Apt 3B',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
  });

  it('takes the name from the signature when the address at the top has none', () => {
    const letter = readDisputeLetter(
      [
        'PO Box 55',
        'Boise, ID 83701',
        'To whom it may concern:',
        'This is not my account.',
        'Sincerely,',
        'Ana Lopez',
      ].join('\n'),
    );
    expect(letter).toEqual({
      type: 'Dispute::IdentityTheft',
      firstName: 'Ana',
      lastName: 'Lopez',
      street: 'PO Box 55',
      city: 'Boise',
      state: 'ID',
      zip: '83701',
      phoneNumber: null,
    });
  });

  it('reads nothing from a letter without a sender block or signature, and never the lender as the sender', () => {
    expect(readDisputeLetter('')).toEqual({
      type: 'Dispute::Other',
      firstName: null,
      lastName: null,
      street: null,
      city: null,
      state: null,
      zip: null,
      phoneNumber: null,
    });
    const toLender = readDisputeLetter(
      [
        'Customer Care Department',
        'PO Box 2800',
        'San Mateo, CA 94401',
        'To whom it may concern:',
        'Please call me.',
      ].join('\n'),
    );
    expect(toLender).toMatchObject({ firstName: null, street: null, city: null });
  });

  it('tells the kind of dispute from its words, identity theft first', () => {
    expect(disputeTypeOf('I am a victim of IDENTITY\ntheft.')).toBe('Dispute::IdentityTheft');
    expect(disputeTypeOf('These charges are fraudulent.')).toBe('Dispute::IdentityTheft');
    expect(disputeTypeOf('This is not my account; please validate it.')).toBe('Dispute::IdentityTheft');
    expect(disputeTypeOf('I request validation of this debt.')).toBe('Dispute::DebtValidation');
    expect(disputeTypeOf('Please verify the debt you claim.')).toBe('Dispute::DebtValidation');
    expect(disputeTypeOf('A goodwill adjustment, please.')).toBe('Dispute::GoodwillRequest');
    expect(disputeTypeOf('The balance is wrong and my payment was invalidated.')).toBe('Dispute::Other');
  });

  it('draws the sample sender the tests use', () => {
    expect(SAMPLE_SENDER.name).toBe('Jane Q Doe');
  });
});
