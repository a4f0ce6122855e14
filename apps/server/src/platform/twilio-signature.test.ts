import { describe, expect, it } from 'vitest';
import { computeTwilioSignature, isValidTwilioSignature } from './twilio-signature.ts';

// The worked example of Twilio's webhook-security documentation (auth token 12345).
const documented = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675310',
    Digits: '1234',
    From: '+14158675310',
    To: '+18005551212',
  },
  signature: 'GvWf1cFY/Q7PnoempGyD5oXAezc=',
};

describe('Twilio request signatures', () => {
  it("reproduces the signature of Twilio's documented example", () => {
    expect(computeTwilioSignature(documented.authToken, documented.url, documented.params)).toBe(documented.signature);
  });

  it('does not depend on the order the parameters arrive in', () => {
    const reversed = Object.fromEntries(Object.entries(documented.params).reverse());
    expect(computeTwilioSignature(documented.authToken, documented.url, reversed)).toBe(documented.signature);
  });

  it('accepts the documented signature and refuses a changed parameter, URL, token or a missing signature', () => {
    const { authToken, url, params, signature } = documented;
    expect(isValidTwilioSignature(authToken, signature, url, params)).toBe(true);
    expect(isValidTwilioSignature(authToken, signature, url, { ...params, Digits: '1235' })).toBe(false);
    expect(isValidTwilioSignature(authToken, signature, `${url}&baz=3`, params)).toBe(false);
    expect(isValidTwilioSignature('54321', signature, url, params)).toBe(false);
    expect(isValidTwilioSignature(authToken, undefined, url, params)).toBe(false);
  });
});
