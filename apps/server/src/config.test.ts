import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
  });
});
