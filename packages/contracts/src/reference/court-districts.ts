import file from './bankruptcy-districts.json' with { type: 'json' };

// The 94 US bankruptcy courts (code 'CAN', name 'California - North'), copied from the project's
// reference data (../shared/data/bankruptcy-districts.json; its source is named inside), never
// retyped. The notice form shows the name and sends the code.
export type CourtDistrict = { code: string; name: string; court: string; states: string[] };

export const courtDistricts: readonly CourtDistrict[] = file.districts;

const byCode = new Map(courtDistricts.map((district) => [district.code, district]));

export function findCourtDistrict(code: string): CourtDistrict | undefined {
  return byCode.get(code);
}

// How notices name a court's part of a state ('Northern District of California').
const DIRECTIONS: Record<string, string> = {
  northern: 'North',
  southern: 'South',
  eastern: 'East',
  western: 'West',
  middle: 'Middle',
  central: 'Central',
};

const byName = new Map(courtDistricts.map((district) => [district.name.toLowerCase(), district]));

// 'Northern District of California' -> CAN; 'District of Alaska' -> AK; 'District of Columbia' -> DC.
// Undefined when the words name no court.
export function courtDistrictFromWords(words: string): CourtDistrict | undefined {
  const text = words.replace(/\s+/g, ' ').trim().toLowerCase();
  const directed = /^(northern|southern|eastern|western|middle|central) district of ([a-z .]+)$/.exec(text);
  if (directed) return byName.get(`${directed[2]!.trim()} - ${DIRECTIONS[directed[1]!]!.toLowerCase()}`);
  const whole = /^district of ([a-z .]+)$/.exec(text);
  if (whole) return byName.get(whole[1]!.trim()) ?? byName.get(`district of ${whole[1]!.trim()}`);
  return byName.get(text);
}
