import { US_STATES } from './us-states.ts';

// The IANA time zones each state (and DC) lies in, all of them where a state spans two: the
// boundaries are those of 49 CFR part 71 (Standard Time Zone Boundaries), named as the IANA tz
// database names them (zone1970.tab). Where a state spans two zones and we know no more, the
// contact gate asks that a time suit every one of them (as Regulation F, 12 CFR 1006.6(b)(1)(i),
// asks when a consumer's location is uncertain). Arizona is listed with America/Denver for the
// Navajo Nation, which keeps daylight saving time.
export const STATE_TIME_ZONES: Readonly<Record<(typeof US_STATES)[number]['code'], readonly string[]>> = {
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
};

// A customer whose state we do not know: the four zones of the contiguous states, so a message goes
// out only when it suits all of them (11 am to 9 pm Eastern in the default window). A customer in
// Alaska or Hawaii has the state on their address; decision 046 says why this is the default.
export const UNKNOWN_STATE_TIME_ZONES: readonly string[] = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
];

export function timeZonesOfState(state: string | null | undefined): readonly string[] {
  const code = state?.trim().toUpperCase() ?? '';
  return (STATE_TIME_ZONES as Record<string, readonly string[]>)[code] ?? UNKNOWN_STATE_TIME_ZONES;
}
