import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_SETTINGS, nextWindowOpening } from '../rules/contact-gate.ts';
import { US_STATES } from './us-states.ts';
import {
  ALL_US_TIME_ZONES,
  STATE_TIME_ZONES,
  timeZonesOfPlace,
  timeZonesOfState,
  UNKNOWN_STATE_TIME_ZONES,
  US_TERRITORIES,
  usPlaceCode,
  usPlaceName,
} from './us-time-zones.ts';

const at = (iso: string) => new Date(iso);

// The local minute of the day of an instant in a zone, read by Intl (not by the code under test).
function localMinute(instant: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}
const insideWindow = (instant: Date, zone: string) => {
  const minute = localMinute(instant, zone);
  return minute >= DEFAULT_CONTACT_SETTINGS.windowStartMinute && minute < DEFAULT_CONTACT_SETTINGS.windowEndMinute;
};

describe('the time zones of the states, DC and the territories (49 CFR part 71)', () => {
  it('names zones the runtime knows for every state, DC and territory', () => {
    for (const { code } of [...US_STATES, ...US_TERRITORIES]) {
      const zones = STATE_TIME_ZONES[code];
      expect(zones.length, code).toBeGreaterThan(0);
      for (const zone of zones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), zone).not.toThrow();
    }
  });

  it('puts each territory in its zone: Atlantic (71.3), Samoa (71.13), Chamorro (71.14)', () => {
    expect(STATE_TIME_ZONES.PR).toEqual(['America/Puerto_Rico']);
    expect(STATE_TIME_ZONES.VI).toEqual(['America/St_Thomas']);
    expect(STATE_TIME_ZONES.AS).toEqual(['Pacific/Pago_Pago']);
    expect(STATE_TIME_ZONES.GU).toEqual(['Pacific/Guam']);
    expect(STATE_TIME_ZONES.MP).toEqual(['Pacific/Saipan']);
  });

  it('keeps DC Eastern, Hawaii on its own clock and Alaska in two zones (the Aleutians west of 169°30′W)', () => {
    expect(STATE_TIME_ZONES.DC).toEqual(['America/New_York']);
    expect(STATE_TIME_ZONES.HI).toEqual(['Pacific/Honolulu']);
    expect(STATE_TIME_ZONES.AK).toEqual(['America/Anchorage', 'America/Adak']);
    // Adak keeps daylight saving time (UTC-9 in July, UTC-10 in January); Honolulu does not.
    expect(localMinute(at('2026-07-15T18:00:00Z'), 'America/Adak')).toBe(9 * 60);
    expect(localMinute(at('2026-07-15T18:00:00Z'), 'Pacific/Honolulu')).toBe(8 * 60);
    expect(localMinute(at('2026-01-15T18:00:00Z'), 'America/Adak')).toBe(8 * 60);
  });

  it('reads a place by its code or its name, and names it', () => {
    expect(usPlaceCode(' pr ')).toBe('PR');
    expect(usPlaceCode('Puerto Rico')).toBe('PR');
    expect(usPlaceCode('guam')).toBe('GU');
    expect(usPlaceCode('AE')).toBeNull();
    expect(usPlaceCode(null)).toBeNull();
    expect(usPlaceName('MP')).toBe('Northern Mariana Islands');
    expect(timeZonesOfPlace('Hawaii')).toEqual(['Pacific/Honolulu']);
    expect(timeZonesOfPlace('ZZ')).toBeNull();
  });

  it('gives a territory its own zone where the gate asked the contiguous states before', () => {
    expect(timeZonesOfState('PR')).toEqual(['America/Puerto_Rico']);
    expect(timeZonesOfState('ZZ')).toBe(UNKNOWN_STATE_TIME_ZONES);
  });
});

describe('every US time zone at once', () => {
  it('lists each zone of every state and territory once', () => {
    expect(new Set(ALL_US_TIME_ZONES).size).toBe(ALL_US_TIME_ZONES.length);
    for (const zones of Object.values(STATE_TIME_ZONES))
      for (const zone of zones) expect(ALL_US_TIME_ZONES).toContain(zone);
  });

  it('still shares a window of 08:00-21:00: from 22:00 to 01:00 UTC, 8 am in Guam to 9 pm in Puerto Rico', () => {
    for (const [from, opening] of [
      ['2026-11-27T02:00:00Z', '2026-11-27T22:00:00Z'],
      ['2026-07-15T02:00:00Z', '2026-07-15T22:00:00Z'],
    ] as const) {
      const found = nextWindowOpening(at(from), ALL_US_TIME_ZONES, DEFAULT_CONTACT_SETTINGS);
      expect(found).toEqual(at(opening));
      for (const zone of ALL_US_TIME_ZONES) expect(insideWindow(found, zone), zone).toBe(true);
      // The last minute before 01:00 UTC suits them all; 01:00 is 9 pm in Puerto Rico.
      const lastMinute = new Date(found.getTime() + 3 * 60 * 60_000 - 60_000);
      for (const zone of ALL_US_TIME_ZONES) expect(insideWindow(lastMinute, zone), zone).toBe(true);
      expect(insideWindow(new Date(lastMinute.getTime() + 60_000), 'America/Puerto_Rico')).toBe(false);
    }
  });
});
