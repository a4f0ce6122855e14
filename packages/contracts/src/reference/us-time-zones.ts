import { US_STATES, type UsStateCode } from './us-states.ts';

// The inhabited US territories, as the USPS writes them (Publication 28, two-letter abbreviations).
// The freely associated states the USPS also serves (FM, MH, PW) and the military post offices
// (AA, AE, AP) are not US time zones and are left out: decision 046, issue 37.
export const US_TERRITORIES = [
  { code: 'AS', name: 'American Samoa' },
  { code: 'GU', name: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'VI', name: 'Virgin Islands' },
] as const;

export type UsTerritoryCode = (typeof US_TERRITORIES)[number]['code'];
export type UsPlaceCode = UsStateCode | UsTerritoryCode;

// The IANA time zones each state, DC and territory lies in, all of them where one spans two. The
// boundaries are those of 49 CFR part 71 (Standard Time Zone Boundaries), named as the IANA tz
// database names them (zone1970.tab; a territory by its own country code in zone.tab, as Google's
// libphonenumber names it too). Where a place spans two zones and we know no more, the contact gate
// asks that a time suit every one of them (Regulation F, 12 CFR 1006.6(b)(1)(i), comment
// 6(b)(1)(i)-2, when the consumer's location is uncertain). Arizona is listed with America/Denver
// for the Navajo Nation, which keeps daylight saving time. Checked for issue 37:
// - DC: the Eastern zone (71.4).
// - AK: the Alaska zone (71.11), America/Anchorage (Juneau, Sitka, Nome and Yakutat keep its clock),
//   and America/Adak for the Aleutian Islands west of 169 degrees 30 minutes west, which 71.12
//   puts in the Hawaii-Aleutian zone and which, unlike Hawaii, keep daylight saving time.
// - HI: the Hawaii-Aleutian zone (71.12), no daylight saving time.
// - PR, VI: the Atlantic zone (71.3); AS: the Samoa zone (71.13); GU, MP: the Chamorro zone (71.14).
//   None keeps daylight saving time.
export const STATE_TIME_ZONES: Readonly<Record<UsPlaceCode, readonly string[]>> = {
  AL: ['America/Chicago'],
  AK: ['America/Anchorage', 'America/Adak'],
  AZ: ['America/Phoenix', 'America/Denver'],
  AR: ['America/Chicago'],
  CA: ['America/Los_Angeles'],
  CO: ['America/Denver'],
  CT: ['America/New_York'],
  DE: ['America/New_York'],
  DC: ['America/New_York'],
  FL: ['America/New_York', 'America/Chicago'],
  GA: ['America/New_York'],
  HI: ['Pacific/Honolulu'],
  ID: ['America/Boise', 'America/Los_Angeles'],
  IL: ['America/Chicago'],
  IN: ['America/Indiana/Indianapolis', 'America/Chicago'],
  IA: ['America/Chicago'],
  KS: ['America/Chicago', 'America/Denver'],
  KY: ['America/New_York', 'America/Chicago'],
  LA: ['America/Chicago'],
  ME: ['America/New_York'],
  MD: ['America/New_York'],
  MA: ['America/New_York'],
  MI: ['America/Detroit', 'America/Menominee'],
  MN: ['America/Chicago'],
  MS: ['America/Chicago'],
  MO: ['America/Chicago'],
  MT: ['America/Denver'],
  NE: ['America/Chicago', 'America/Denver'],
  NV: ['America/Los_Angeles', 'America/Denver'],
  NH: ['America/New_York'],
  NJ: ['America/New_York'],
  NM: ['America/Denver'],
  NY: ['America/New_York'],
  NC: ['America/New_York'],
  ND: ['America/Chicago', 'America/Denver'],
  OH: ['America/New_York'],
  OK: ['America/Chicago'],
  OR: ['America/Los_Angeles', 'America/Boise'],
  PA: ['America/New_York'],
  RI: ['America/New_York'],
  SC: ['America/New_York'],
  SD: ['America/Chicago', 'America/Denver'],
  TN: ['America/New_York', 'America/Chicago'],
  TX: ['America/Chicago', 'America/Denver'],
  UT: ['America/Denver'],
  VT: ['America/New_York'],
  VA: ['America/New_York'],
  WA: ['America/Los_Angeles'],
  WV: ['America/New_York'],
  WI: ['America/Chicago'],
  WY: ['America/Denver'],
  AS: ['Pacific/Pago_Pago'],
  GU: ['Pacific/Guam'],
  MP: ['Pacific/Saipan'],
  PR: ['America/Puerto_Rico'],
  VI: ['America/St_Thomas'],
};

// Every US time zone above (the contiguous states, Alaska, Hawaii and the territories), each once:
// where a customer may be when nothing on file places them. The window 08:00-21:00 still suits them
// all at once, from 22:00 to 01:00 UTC (8 am in Guam to 9 pm in Puerto Rico).
export const ALL_US_TIME_ZONES: readonly string[] = [...new Set(Object.values(STATE_TIME_ZONES).flat())];

// A customer whose state we do not know, as the contact gate has read it since issue 30: the four
// zones of the contiguous states (11 am to 9 pm Eastern in the default window). The server's
// timeZonesOfCustomer (issue 37) also reads the ZIP code and the phone's area code, and falls back
// to ALL_US_TIME_ZONES.
export const UNKNOWN_STATE_TIME_ZONES: readonly string[] = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
];

const PLACE_NAMES = new Map<string, string>(
  [...US_STATES, ...US_TERRITORIES].map((place) => [place.code, place.name] as const),
);
const CODES_BY_NAME = new Map<string, UsPlaceCode>(
  [...US_STATES, ...US_TERRITORIES].map((place) => [place.name.toUpperCase(), place.code] as const),
);

// The USPS code of a state, DC or territory written as its code ('pr') or its name ('Puerto Rico'),
// or null.
export function usPlaceCode(text: string | null | undefined): UsPlaceCode | null {
  const upper = text?.trim().toUpperCase() ?? '';
  if (PLACE_NAMES.has(upper)) return upper as UsPlaceCode;
  return CODES_BY_NAME.get(upper) ?? null;
}

// 'Puerto Rico' for 'PR'.
export function usPlaceName(code: UsPlaceCode): string {
  return PLACE_NAMES.get(code) ?? code;
}

// The zones of a state, DC or territory, or null when the text names none.
export function timeZonesOfPlace(text: string | null | undefined): readonly string[] | null {
  const code = usPlaceCode(text);
  return code ? STATE_TIME_ZONES[code] : null;
}

export function timeZonesOfState(state: string | null | undefined): readonly string[] {
  return timeZonesOfPlace(state) ?? UNKNOWN_STATE_TIME_ZONES;
}
