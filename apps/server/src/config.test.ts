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
