import { describe, expect, it } from 'vitest';
import { httpsRedirectTarget, type BrowserLocation } from './https-redirect.ts';

const httpLocation: BrowserLocation = {
  protocol: 'http:',
  host: 'portal.internal:8080',
  pathname: '/user',
  search: '?phone=5551234567',
  hash: '#loans',
};

describe('httpsRedirectTarget', () => {
  it('stays put in the dev stage, even on http', () => {
    expect(httpsRedirectTarget(httpLocation, 'dev', '')).toBeNull();
    expect(httpsRedirectTarget(httpLocation, 'dev', 'https://portal.example.com')).toBeNull();
  });

  it('stays put when already on https', () => {
    expect(
      httpsRedirectTarget({ ...httpLocation, protocol: 'https:' }, 'production', 'https://portal.example.com'),
    ).toBeNull();
  });

  it('goes to the public host on https, keeping path, query and hash', () => {
    expect(httpsRedirectTarget(httpLocation, 'production', 'https://portal.example.com')).toBe(
      'https://portal.example.com/user?phone=5551234567#loans',
    );
    expect(httpsRedirectTarget(httpLocation, 'staging', 'https://staging.portal.example.com:8443/')).toBe(
      'https://staging.portal.example.com:8443/user?phone=5551234567#loans',
    );
  });

  it('uses the current host when no public URL is configured or it is not a URL', () => {
    expect(httpsRedirectTarget(httpLocation, 'production', '')).toBe(
      'https://portal.internal:8080/user?phone=5551234567#loans',
    );
    expect(httpsRedirectTarget(httpLocation, 'production', null)).toBe(
      'https://portal.internal:8080/user?phone=5551234567#loans',
    );
    expect(httpsRedirectTarget(httpLocation, 'production', 'not a url')).toBe(
      'https://portal.internal:8080/user?phone=5551234567#loans',
    );
  });

  it('treats a missing stage as a deployed one (fails closed)', () => {
    expect(httpsRedirectTarget({ ...httpLocation, search: '', hash: '' }, null, null)).toBe(
      'https://portal.internal:8080/user',
    );
  });
});
