import { afterEach, describe, expect, it } from 'vitest';
import { businessTimeZone, businessToday } from './business-date.ts';

function setZoneTag(content: string | null): void {
  document.querySelector('meta[name="portal-business-time-zone"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'portal-business-time-zone';
  meta.content = content;
  document.head.append(meta);
}

// 2026-11-23 03:30 UTC: still the 22nd in California, already the 23rd in New Zealand.
const lateEveningInCalifornia = new Date('2026-11-23T03:30:00Z');

describe('businessToday', () => {
  afterEach(() => setZoneTag(null));

  it("is the date in the zone the server names, not the computer's", () => {
    setZoneTag('Pacific/Auckland');
    expect(businessTimeZone()).toBe('Pacific/Auckland');
    expect(businessToday(lateEveningInCalifornia)).toBe('2026-11-23');
  });

  it("falls back to the lender's default zone when the page has no value (the Vite dev server)", () => {
    setZoneTag('');
    expect(businessTimeZone()).toBe('America/Los_Angeles');
    expect(businessToday(lateEveningInCalifornia)).toBe('2026-11-22');
  });
});
