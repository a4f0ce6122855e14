import {
  ALL_US_TIME_ZONES,
  DEFAULT_CONTACT_SETTINGS,
  nextWindowOpening,
  STATE_TIME_ZONES,
  UNKNOWN_STATE_TIME_ZONES,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { areaCodeOfPhone, placeOfZipCode, timeZonesOfAreaCode, timeZonesOfCustomer } from './customer-zones.ts';

const nobody = { state: null, zip: null, phone: null };
const where = (facts: Partial<Parameters<typeof timeZonesOfCustomer>[0]>) =>
  timeZonesOfCustomer({ ...nobody, ...facts });
const at = (iso: string) => new Date(iso);

// One ZIP code and the area codes of each territory (USPS prefixes 006-009, 967, 969; NANP 787/939,
// 340, 671, 670, 684).
const territories = [
  { code: 'PR', zip: '00901', phones: ['+17875551234', '(939) 555-1234'] },
  { code: 'VI', zip: '00802', phones: ['340-555-1234'] },
  { code: 'GU', zip: '96910', phones: ['+1 671 555 1234'] },
  { code: 'MP', zip: '96950', phones: ['670.555.1234'] },
  { code: 'AS', zip: '96799', phones: ['1-684-555-1234'] },
] as const;

describe('where the customer is: a territory', () => {
  for (const { code, zip, phones } of territories) {
    const zones = [...STATE_TIME_ZONES[code]];

    it(`${code}: by its state, its ZIP code (${zip}) and its area code, each alone and all together`, () => {
      expect(where({ state: code })).toEqual({ zones });
      expect(where({ zip })).toEqual({ zones });
      for (const phone of phones) expect(where({ phone })).toEqual({ zones });
      expect(where({ state: code, zip, phone: phones[0] })).toEqual({ zones });
    });

    it(`${code}: the zone typed in contracts is the one Google's map gives its area codes`, () => {
      for (const phone of phones) expect(timeZonesOfAreaCode(areaCodeOfPhone(phone)!)).toEqual(zones);
    });
  }

  it('holds a Puerto Rico customer written to at 9:30 pm local until 8:00 am local', () => {
    // 9:30 pm in San Juan (UTC-4, no daylight saving time) is 01:30 UTC, 8:30 pm in New York: the
    // contiguous zones the gate fell back to before would have let the text go.
    const now = at('2026-11-28T01:30:00Z');
    expect(nextWindowOpening(now, UNKNOWN_STATE_TIME_ZONES, DEFAULT_CONTACT_SETTINGS)).toEqual(now);
    const { zones } = where({ state: null, zip: '00907', phone: '787-555-1234' });
    expect(zones).toEqual(['America/Puerto_Rico']);
    expect(nextWindowOpening(now, zones, DEFAULT_CONTACT_SETTINGS)).toEqual(at('2026-11-28T12:00:00Z'));
  });
});

describe('where the customer is: Hawaii and Alaska without a state', () => {
  it('places an 808 number in Hawaii', () => {
    expect(where({ phone: '808-555-1234' })).toEqual({ zones: ['Pacific/Honolulu'] });
  });

  it('places a 907 number in Alaska, both of its zones and those its exchanges keep', () => {
    const { zones, sentence } = where({ phone: '907-555-1234' });
    expect(zones).toEqual(expect.arrayContaining(['America/Anchorage', 'America/Adak']));
    for (const zone of zones)
      expect(['America/Anchorage', 'America/Adak', 'America/Juneau', 'Pacific/Honolulu']).toContain(zone);
    expect(sentence).toBeUndefined();
  });

  it('places ZIP codes 967-968 in Hawaii and 995-999 in Alaska', () => {
    expect(where({ zip: '96813' }).zones).toEqual(['Pacific/Honolulu']);
    expect(where({ zip: '99501-1234' }).zones).toEqual(['America/Anchorage', 'America/Adak']);
    expect(placeOfZipCode('99950')).toBe('AK');
  });
});

describe('where the customer is: the sources disagree', () => {
  it('asks for both zones when the state and the area code disagree', () => {
    expect(where({ state: 'CA', phone: '(808) 555-1234' })).toEqual({
      zones: ['America/Los_Angeles', 'Pacific/Honolulu'],
      sentence:
        "The customer may be in more than one time zone (the state on file is California; the phone's area code is 808 (Pacific/Honolulu)): messages wait for a time that suits each of them.",
    });
  });

  it('takes the union of state, ZIP code and area code, in that order, each zone once', () => {
    const { zones, sentence } = where({ state: 'NY', zip: '96910', phone: '+1 (787) 555-1234' });
    expect(zones).toEqual(['America/New_York', 'Pacific/Guam', 'America/Puerto_Rico']);
    expect(sentence).toContain('the ZIP code 96910 is in Guam');
    expect(where({ state: 'HI', zip: '96813', phone: '8085551234' })).toEqual({ zones: ['Pacific/Honolulu'] });
  });

  it('says nothing when an area code spans the same zones as the state (850: the Florida panhandle)', () => {
    expect(where({ state: 'FL', phone: '850-555-1234' })).toEqual({ zones: ['America/New_York', 'America/Chicago'] });
  });

  it('adds the zones of every number the customer is known by', () => {
    expect(where({ state: null, zip: null, phones: ['808-555-1234', null, '907-555-1234'] }).zones).toEqual(
      expect.arrayContaining(['Pacific/Honolulu', 'America/Anchorage', 'America/Adak']),
    );
    expect(where({ state: 'HI', zip: null, phone: '808-555-1234', phones: ['+18085559999'] })).toEqual({
      zones: ['Pacific/Honolulu'],
    });
  });
});

describe('where the customer is: nothing on file', () => {
  it('gives every US zone, contiguous, Alaska, Hawaii and the territories', () => {
    const { zones, sentence } = where({});
    expect(zones).toEqual([...ALL_US_TIME_ZONES]);
    expect(zones).toEqual(
      expect.arrayContaining([
        'America/New_York',
        'America/Los_Angeles',
        'America/Anchorage',
        'America/Adak',
        'Pacific/Honolulu',
        'America/Puerto_Rico',
        'America/St_Thomas',
        'Pacific/Guam',
        'Pacific/Saipan',
        'Pacific/Pago_Pago',
      ]),
    );
    expect(sentence).toBe(
      'Nothing on file places the customer (no state, ZIP code or phone number): messages wait for a time that suits every US time zone, from Guam to Puerto Rico.',
    );
  });

  it('still finds the window they all share (22:00-01:00 UTC)', () => {
    const { zones } = where({});
    expect(nextWindowOpening(at('2026-11-27T14:00:00Z'), zones, DEFAULT_CONTACT_SETTINGS)).toEqual(
      at('2026-11-27T22:00:00Z'),
    );
    expect(nextWindowOpening(at('2026-11-27T23:00:00Z'), zones, DEFAULT_CONTACT_SETTINGS)).toEqual(
      at('2026-11-27T23:00:00Z'),
    );
  });
});

describe('where the customer is: values that cannot be read', () => {
  const unreadable = {
    zips: ['1234', 'abcde', '123456', '00000', '09012', '96940', '  '],
    phones: ['call me', '555-1234', '+44 20 7946 0000', '800-555-1234', '123-555-1234', '+1 808 555 12345', ''],
  };

  it('leaves them out without throwing: the state decides', () => {
    for (const zip of unreadable.zips)
      for (const phone of unreadable.phones)
        expect(where({ state: 'TX', zip, phone })).toEqual({ zones: ['America/Chicago', 'America/Denver'] });
  });

  it('falls back to every US zone, saying what it could not read', () => {
    for (const zip of unreadable.zips) expect(where({ zip }).zones).toEqual([...ALL_US_TIME_ZONES]);
    for (const phone of unreadable.phones) expect(where({ phone }).zones).toEqual([...ALL_US_TIME_ZONES]);
    expect(where({ state: 'Ontario', zip: '09012', phone: '800-555-1234' }).sentence).toBe(
      'Nothing on file places the customer (the state "Ontario" is not a US state or territory; the ZIP code 09012 (AE) is in no US time zone; the phone\'s area code 800 names no place): messages wait for a time that suits every US time zone, from Guam to Puerto Rico.',
    );
  });
});

describe('reading a phone number and a ZIP code', () => {
  it('reads the area code however the number is written', () => {
    for (const phone of [
      '+18085551234',
      '(808) 555-1234',
      '808-555-1234',
      '808.555.1234',
      '1 808 555 1234',
      '+1 (808) 555-1234 ext. 12',
      ' 8085551234 ',
    ])
      expect(areaCodeOfPhone(phone), phone).toBe('808');
    expect(areaCodeOfPhone('+44 20 7946 0000')).toBe('foreign');
    expect(areaCodeOfPhone('808-555')).toBeNull();
  });

  it('reads the state of the USPS ZIP prefixes, the territories among them', () => {
    expect(['00601', '00701', '00901'].map(placeOfZipCode)).toEqual(['PR', 'PR', 'PR']);
    expect(placeOfZipCode('00801')).toBe('VI');
    expect(placeOfZipCode('20001')).toBe('DC');
    expect(placeOfZipCode('96701')).toBe('HI');
    expect(placeOfZipCode('96898')).toBe('HI');
    expect(placeOfZipCode('96799')).toBe('AS');
    expect(placeOfZipCode('96932')).toBe('GU');
    expect(placeOfZipCode('96950')).toBe('MP');
    expect(placeOfZipCode('995')).toBeNull();
  });

  it('knows only zones the runtime knows', () => {
    const areaCodes = Array.from({ length: 800 }, (_, index) => String(200 + index));
    const zones = new Set(areaCodes.flatMap((areaCode) => timeZonesOfAreaCode(areaCode) ?? []));
    expect(zones.size).toBeGreaterThan(20);
    for (const zone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
  });
});
