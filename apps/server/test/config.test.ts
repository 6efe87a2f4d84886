import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORGET_RATE_LIMIT, LOGIN_RATE_LIMIT } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, OPERATING_MD } from '../scripts/settings-table.ts';
import { ConfigError, loadConfig, SETTINGS, settingDoc, settingsTable } from '../src/config.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The problems a bad environment is refused with, one line per setting. */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe('the settings', () => {
  it('have their defaults with nothing set, an empty variable counting as unset', () => {
    for (const env of [{}, Object.fromEntries(Object.keys(SETTINGS.shape).map((name) => [name, '']))]) {
      const config = loadConfig(env, '/srv/gatehouse');
      expect(config).toMatchObject({
        port: 8080,
        host: '127.0.0.1',
        dataDir: '/srv/gatehouse/data',
        databaseUrl: undefined,
        redisUrl: undefined,
        logLevel: 'info',
        trustProxy: false,
        loginRateLimit: LOGIN_RATE_LIMIT,
        forgetRateLimit: FORGET_RATE_LIMIT,
        tokenLifetimes: {
          accessToken: 3600,
          idToken: 3600,
          refreshToken: 14 * 24 * 3600,
          authorizationCode: 60,
        },
        mailFrom: 'Gatehouse <no-reply@localhost>',
        production: false,
        commit: undefined,
      });
    }
  });

  it('read what is set: the address, the token lifetimes and the sign-in limits', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      LOG_LEVEL: 'warn',
      GATEHOUSE_TRUST_PROXY: '10.0.0.0/8, loopback',
      GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS: '600',
      GATEHOUSE_ID_TOKEN_TTL_SECONDS: '300',
      GATEHOUSE_REFRESH_TOKEN_TTL_SECONDS: '86400',
      GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS: '30',
      GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT: '3',
      GATEHOUSE_LOGIN_LIMIT_PER_IP: '30',
      GATEHOUSE_LOGIN_LIMIT_WINDOW_SECONDS: '60',
      GATEHOUSE_LOGIN_BACKOFF_AFTER: '4',
      GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS: '2',
      GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS: '2',
      GATEHOUSE_FORGET_LIMIT_PER_ACCOUNT: '1',
      GATEHOUSE_FORGET_LIMIT_PER_IP: '2',
      GATEHOUSE_FORGET_LIMIT_WINDOW_SECONDS: '3',
      GATEHOUSE_ISSUER: 'https://iam.example.com/oidc/',
      DATABASE_URL: 'postgresql://gatehouse:secret@db:5432/gatehouse',
      REDIS_URL: 'rediss://cache:6380',
      GATEHOUSE_COMMIT: 'ABCDEF0',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      logLevel: 'warn',
      trustProxy: '10.0.0.0/8,loopback',
      tokenLifetimes: { accessToken: 600, idToken: 300, refreshToken: 86400, authorizationCode: 30 },
      loginRateLimit: {
        perAccount: 3,
        perIp: 30,
        windowSeconds: 60,
        backoffAfter: 4,
        backoffBaseSeconds: 2,
        backoffMaxSeconds: 2,
      },
      forgetRateLimit: { perAccount: 1, perIp: 2, windowSeconds: 3 },
      issuer: 'https://iam.example.com/oidc',
      databaseUrl: 'postgresql://gatehouse:secret@db:5432/gatehouse',
      redisUrl: 'rediss://cache:6380',
      commit: 'abcdef0',
    });
    expect(loadConfig({ GATEHOUSE_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('refuse a bad value naming the variable, the value and the rule', () => {
    expect(problems({ PORT: 'abc' })).toEqual(['PORT="abc": must be a whole number from 0 to 65535']);
    expect(problems({ PORT: '65536' })).toEqual(['PORT="65536": must be a whole number from 0 to 65535']);
    expect(problems({ GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS: '-5' })).toEqual([
      'GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS="-5": must be a whole number, 60 or more',
    ]);
    expect(problems({ GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS: '3600' })).toEqual([
      'GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS="3600": must be a whole number from 1 to 600',
    ]);
    expect(problems({ LOG_LEVEL: 'verbose' })).toEqual([
      'LOG_LEVEL="verbose": must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
    expect(problems({ HOST: 'not a host' })).toEqual([
      'HOST="not a host": must be an IP address (0.0.0.0 for every interface) or a host name',
    ]);
    expect(problems({ GATEHOUSE_TRUST_PROXY: '1' })[0]).toMatch(
      /^GATEHOUSE_TRUST_PROXY="1": must be true, false/,
    );
    expect(problems({ GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT: '0' })).toEqual([
      'GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT="0": must be a whole number, 1 or more',
    ]);
    expect(
      problems({ GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS: '60', GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS: '30' }),
    ).toEqual([
      'GATEHOUSE_LOGIN_BACKOFF_MAX_SECONDS=30: must be at least GATEHOUSE_LOGIN_BACKOFF_BASE_SECONDS (60)',
    ]);
    expect(problems({ GATEHOUSE_COMMIT: 'main' })).toEqual([
      'GATEHOUSE_COMMIT="main": must be a commit id: 7 to 64 hexadecimal digits',
    ]);
  });

  it('refuse a malformed URL without repeating a secret one', () => {
    expect(problems({ DATABASE_URL: 'mysql://root:hunter2@db/gatehouse' })).toEqual([
      'DATABASE_URL=(value not shown): must be a postgres or postgresql URL such as postgres://user:password@host:5432/gatehouse',
    ]);
    expect(problems({ DATABASE_URL: 'not a url' })).toEqual([
      'DATABASE_URL=(value not shown): must be a URL such as postgres://user:password@host:5432/gatehouse',
    ]);
    expect(problems({ REDIS_URL: 'http://cache:6379' })).toEqual([
      'REDIS_URL=(value not shown): must be a redis or rediss URL such as redis://127.0.0.1:6379',
    ]);
    expect(problems({ SMTP_URL: 'mail.example.com' })[0]).toMatch(
      /^SMTP_URL=\(value not shown\): must be a URL/,
    );
    expect(problems({ GATEHOUSE_ADMIN_PASSWORD: 'short' })).toEqual([
      'GATEHOUSE_ADMIN_PASSWORD=(value not shown): must be 12 to 128 characters long',
    ]);
    expect(problems({ GATEHOUSE_SECRET_KEY: 'c2hvcnQ=' })).toEqual([
      'GATEHOUSE_SECRET_KEY=(value not shown): must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    ]);
    expect(problems({ GATEHOUSE_ISSUER: 'ftp://iam.example.com' })[0]).toMatch(/^GATEHOUSE_ISSUER="ftp:/);
  });

  it('name every bad setting at once', () => {
    const err = (() => {
      try {
        loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', GATEHOUSE_ID_TOKEN_TTL_SECONDS: '1h' });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err?.problems.map((p) => p.split('=')[0])).toEqual([
      'PORT',
      'LOG_LEVEL',
      'GATEHOUSE_ID_TOKEN_TTL_SECONDS',
    ]);
    expect(err?.message).toMatch(/^Gatehouse cannot start: 3 settings are invalid\.\n {2}PORT="abc"/);
  });

  it('stop the server before it starts: the message on stderr, exit code 2, no stack trace', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/main.ts'],
        { cwd: serverDir, env: { PATH: process.env.PATH, PORT: 'abc', GATEHOUSE_DATA_DIR: '/nonexistent' } },
        (err, _stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stderr }),
      );
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'Gatehouse cannot start: a setting is invalid.\n  PORT="abc": must be a whole number from 0 to 65535\nSee the settings in docs/operating.md.\n',
    );
  }, 30_000);
});

describe('the settings table of docs/operating.md', () => {
  it('is the one the schema makes (npm run docs:settings writes it)', () => {
    const document = readFileSync(OPERATING_MD, 'utf8');
    const begin = document.indexOf(BEGIN);
    const end = document.indexOf(END);
    expect(begin, 'the table markers').toBeGreaterThan(0);
    expect(document.slice(begin + BEGIN.length, end).trim()).toBe(settingsTable());
  });

  it('has a row for every setting, with what it means and its default', () => {
    const table = settingsTable();
    for (const name of Object.keys(SETTINGS.shape) as (keyof typeof SETTINGS.shape)[]) {
      expect(table).toContain(`| \`${name}\` |`);
      expect(settingDoc(name).meaning.length).toBeGreaterThan(10);
      expect(settingDoc(name).default).not.toBe('');
    }
  });
});
