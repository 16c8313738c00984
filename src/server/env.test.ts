import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, parseEnv } from './env';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'env-'));
    const env = loadEnv({ DATA_DIR: dataDir });
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      MAIL_FROM: 'no-reply@localhost',
      OAUTH_GOOGLE_ISSUER: 'https://accounts.google.com',
      CLUB_NAME: 'Manchester United',
      googleEnabled: false,
      secureCookies: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    // The generated secret is kept in DATA_DIR and reused at the next start.
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(env.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dataDir, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['TRUST_PROXY', 'everyone'],
    ['TRUST_PROXY', '10.0.0.0/8/1'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['SMTP_URL', 'mail.example.com'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['SESSION_SECRET', 'short'],
  ])('stops with one line naming %s for %j', (name, value) => {
    const run = () => parseEnv({ [name]: value, ADMIN_PASSWORD: 'long enough' });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.startsWith(`Invalid configuration: ${name} `)).toBe(true);
      expect(message).not.toContain('\n');
      if (name === 'SESSION_SECRET') expect(message).not.toContain(value);
    }
  });

  it('treats blank values as unset and needs ADMIN_PASSWORD with ADMIN_EMAIL', () => {
    expect(parseEnv({ PORT: '' }).PORT).toBe(3000);
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('marks cookies Secure behind https and turns social sign-in on with a client', () => {
    const env = loadEnv({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'env-')),
      PUBLIC_URL: 'https://ratings.example/',
      OAUTH_GOOGLE_CLIENT_ID: 'id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(env.PUBLIC_URL).toBe('https://ratings.example');
    expect(env.secureCookies).toBe(true);
    expect(env.googleEnabled).toBe(true);
  });

  it('believes forwarded headers from loopback by default, from the peers TRUST_PROXY names, or none', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'env-'));
    expect(loadEnv({ DATA_DIR: dataDir }).trustProxy).toBe('loopback');
    expect(loadEnv({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toBe(
      '10.0.0.0/8,192.168.1.7',
    );
    expect(loadEnv({ DATA_DIR: dataDir, TRUST_PROXY: 'none' }).trustProxy).toBe(false);
  });
});
