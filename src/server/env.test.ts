import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
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
    ['VAPID_PUBLIC_KEY', 'not-a-key'],
    ['VAPID_SUBJECT', 'http://club.example'],
    ['PUSH_SERVICES', 'fcm.googleapis.com,ftp://x'],
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

  it('makes a VAPID key pair once in DATA_DIR, or takes both keys from the environment', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'env-'));
    const first = loadEnv({ DATA_DIR: dataDir, MAIL_FROM: 'Club <club@example.com>' });
    expect(first.vapid.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.vapid.subject).toBe('mailto:club@example.com');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8'))).toEqual({
      publicKey: first.vapid.publicKey,
      privateKey: first.vapid.privateKey,
    });
    // The next start (or restart) signs with the same keys: fans' subscriptions keep working.
    expect(loadEnv({ DATA_DIR: dataDir }).vapid.publicKey).toBe(first.vapid.publicKey);

    const keys = webpush.generateVAPIDKeys();
    const shared = loadEnv({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      PUBLIC_URL: 'https://ratings.example',
    });
    expect(shared.vapid).toEqual({ ...keys, subject: 'https://ratings.example' });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(loadEnv({ DATA_DIR: dataDir }).pushServices).toContain('fcm.googleapis.com');
    expect(
      loadEnv({ DATA_DIR: dataDir, PUSH_SERVICES: 'http://127.0.0.1:9000/, *.push.example' }).pushServices,
    ).toEqual(['http://127.0.0.1:9000', '*.push.example']);
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
