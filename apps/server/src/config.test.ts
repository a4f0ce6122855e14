import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, loadSecretsKey } from './config.ts';

describe('loadConfig', () => {
  it('runs with no settings at all: PGlite in ./.data, dev stage, port 3000', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: '/srv/portal/.data' },
      stage: 'dev',
      storageDir: '/srv/portal/.data/files',
      smtp: null,
      inboundEmailSecret: null,
      customerAppUrl: 'https://app.portal.example',
      escalationContact: 'Engineering',
      secrets: { keyFile: '/srv/portal/.data/secrets.key' },
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal', PORT: '8080', SMTP_URL: '' }, '/srv');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/portal', poolSize: 20 });
    expect(config.port).toBe(8080);
    expect(config.smtp).toBeNull();
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ STAGE: 'prod' }, '/srv')).toThrow(/STAGE/);
    expect(() => loadConfig({ PORT: 'eighty' }, '/srv')).toThrow(/PORT/);
    expect(() => loadConfig({ INBOUND_EMAIL_SECRET: 'short' }, '/srv')).toThrow(/at least 16 characters/);
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Pacific' }, '/srv')).toThrow(/BUSINESS_TIME_ZONE.*IANA time zone/);
  });

  it('keeps the business day in America/Los_Angeles unless told otherwise', () => {
    expect(loadConfig({}, '/srv').businessTimeZone).toBe('America/Los_Angeles');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'America/Chicago' }, '/srv').businessTimeZone).toBe('America/Chicago');
  });
});

describe('the ACH file and the bounce fee', () => {
  const key = Buffer.alloc(32, 7).toString('base64');

  it('has made-up bank and company identifiers in dev, and none elsewhere until all are set', () => {
    expect(loadConfig({}, '/srv').ach).toMatchObject({
      configured: true,
      immediateDestination: '099999999',
      originatingDfi: '09999999',
      cutoffMinute: 16 * 60,
    });
    expect(loadConfig({ STAGE: 'production', SECRETS_KEY: key }, '/srv').ach).toEqual({
      configured: false,
      missing: ['ACH_IMMEDIATE_DESTINATION', 'ACH_IMMEDIATE_DESTINATION_NAME', 'ACH_COMPANY_ID', 'ACH_COMPANY_NAME'],
      cutoffMinute: 16 * 60,
    });
    const bank = {
      STAGE: 'production',
      SECRETS_KEY: key,
      ACH_IMMEDIATE_DESTINATION: '121000358',
      ACH_IMMEDIATE_DESTINATION_NAME: 'Bank of America',
      ACH_COMPANY_ID: '1870123456',
      ACH_COMPANY_NAME: 'Portal Lending',
      ACH_ODFI: '12100035',
      ACH_CUTOFF: '14:30',
    };
    expect(loadConfig(bank, '/srv').ach).toMatchObject({
      configured: true,
      companyIdentification: '1870123456',
      cutoffMinute: 870,
    });
  });

  it('refuses a routing number whose check digit fails, a bad cut-off and a fee of part of a cent', () => {
    expect(() => loadConfig({ ACH_IMMEDIATE_DESTINATION: '121000359' }, '/srv')).toThrow(/ACH_IMMEDIATE_DESTINATION/);
    expect(() => loadConfig({ ACH_CUTOFF: '4pm' }, '/srv')).toThrow(/ACH_CUTOFF/);
    expect(() => loadConfig({ BOUNCE_FEE: '15.005' }, '/srv')).toThrow(/BOUNCE_FEE.*dollars and cents/);
    expect(loadConfig({ BOUNCE_FEE: '0' }, '/srv').bounceFeeCents).toBe(0);
    expect(loadConfig({}, '/srv').bounceFeeCents).toBe(1500);
  });
});

describe('SECRETS_KEY', () => {
  const key = randomBytes(32);

  it('takes 32 bytes in base64, with or without padding', () => {
    expect(loadConfig({ SECRETS_KEY: key.toString('base64') }, '/srv').secrets).toEqual({ key });
    expect(
      loadConfig({ SECRETS_KEY: key.toString('base64').replace(/=$/, ''), STAGE: 'production' }, '/srv').secrets,
    ).toEqual({
      key,
    });
  });

  it('refuses a key of another length or in another encoding, saying what it must be', () => {
    for (const value of [
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('base64'),
      key.toString('hex'),
      'not a key',
    ]) {
      expect(() => loadConfig({ SECRETS_KEY: value }, '/srv')).toThrow(
        /SECRETS_KEY must be 32 random bytes in base64 \(make one with: openssl rand -base64 32\)/,
      );
    }
  });

  it('is required outside dev', () => {
    for (const stage of ['staging', 'production']) {
      expect(() => loadConfig({ STAGE: stage }, '/srv')).toThrow(
        `STAGE ${stage} needs SECRETS_KEY: set it to 32 random bytes in base64`,
      );
    }
  });

  describe('unset in dev', () => {
    let dataDir = '';
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('is made once in DATA_DIR/secrets.key, readable by this user only, and reused', () => {
      const config = loadConfig({ DATA_DIR: join(dataDir, 'data') }, '/srv');
      const keyFile = join(dataDir, 'data', 'secrets.key');
      expect(config.secrets).toEqual({ keyFile });
      const first = loadSecretsKey(config.secrets);
      expect(first).toHaveLength(32);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(loadSecretsKey(config.secrets)).toEqual(first);
      expect(readdirSync(join(dataDir, 'data'))).toEqual(['secrets.key']);
    });

    it('refuses a key file that does not hold a key', () => {
      const keyFile = join(dataDir, 'secrets.key');
      writeFileSync(keyFile, 'garbage\n');
      expect(() => loadSecretsKey({ keyFile })).toThrow(/does not hold a secrets key.*restore it, or set SECRETS_KEY/);
    });

    it('a configured key is used as it is', () => {
      expect(loadSecretsKey({ key })).toBe(key);
    });
  });
});
