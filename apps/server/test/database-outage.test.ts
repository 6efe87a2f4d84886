import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { ERROR_CODES, HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { DATABASE_RETRY_SECONDS, DatabaseOutage } from '../src/lib/database-outage.ts';
import { isDatabaseUnavailable } from '../src/lib/db-errors.ts';
import { seed } from '../src/platform/seed.ts';
import { ADMIN_PASSWORD, messageBody, openTestDatabase } from './helper.ts';

/** Issue 12, defect 3: while the database is down the API answers 503 with Retry-After, not 500. */

/** A log that keeps its lines, as pino writes them. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const LOGIN = '/api/oauth2-server/login';

function expectUnavailable(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toEqual({
    code: ERROR_CODES.UNAVAILABLE,
    ...messageBody(HTTP_STATUS_MESSAGES[503]!),
    requestId: expect.any(String),
  });
  expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_SECONDS));
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('a database that goes away', () => {
  const log = captureLog();
  let app: ReturnType<typeof buildApp>;
  let target: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    const test = await openTestDatabase();
    await migrateDatabase(test.handle);
    await seed(test.handle.db, { adminPassword: ADMIN_PASSWORD, print: () => {} });
    // On PostgreSQL the app gets a pool of its own to lose; PGlite has only the one handle.
    target =
      test.handle.kind === 'pglite'
        ? test.handle
        : await openDatabase({ kind: 'postgres', url: test.url!, max: 2 });
    cleanup = test.handle.kind === 'pglite' ? async () => {} : test.drop;
    app = buildApp({
      db: target.db,
      logger: { level: 'info', stream: log.stream },
      config: { webDir: '/nonexistent-web-dir' },
    });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().result.token;
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  it('answers 503 with the §8 message and Retry-After, and logs the outage once', async () => {
    await target.close();
    const before = log.lines.length;
    for (let i = 0; i < 3; i++) {
      expectUnavailable(
        await app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { username: 'admin', password: ADMIN_PASSWORD },
        }),
      );
      expectUnavailable(
        await app.inject({
          method: 'GET',
          url: '/api/admin-service/v2/application',
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    }
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/ready' }));
    const lines = log.lines.slice(before);
    const warnings = lines.filter((line) => (line.level as number) >= 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/database is unavailable/);
    // No statement and none of its values reach the log, the request lines included.
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/select|insert|params:/i);
    expect(text).not.toContain(ADMIN_PASSWORD);
  });

  it('keeps the liveness check up', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('a database that cannot be reached at all', () => {
  it('answers 503, not 500, when the pool meets a closed port', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address() as { port: number };
        server.close(() => resolve(address.port));
      });
    });
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${port}/none`,
      max: 1,
    });
    const app = buildApp({ db: handle.db, logger: false, config: { webDir: '/nonexistent-web-dir' } });
    try {
      expectUnavailable(
        await app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { username: 'admin', password: 'whatever-it-is' },
        }),
      );
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('a statement past the statement timeout', () => {
  it('answers 503 with Retry-After, declares no outage, and logs neither the SQL nor its values', async () => {
    const log = captureLog();
    const handle = await openDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/none',
      max: 1,
    });
    const app = buildApp({
      db: handle.db,
      logger: { level: 'info', stream: log.stream },
      config: { webDir: '/nonexistent-web-dir' },
    });
    // What drizzle throws when PostgreSQL cancels a statement (57014) on statement_timeout.
    app.get('/api/test/cancelled', { config: { access: 'public' } }, async () => {
      throw Object.assign(
        new Error('Failed query: select * from "applications" where "name" = $1\nparams: hidden-value'),
        {
          query: 'select * from "applications" where "name" = $1',
          params: ['hidden-value'],
          cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
        },
      );
    });
    try {
      for (let i = 0; i < 2; i++)
        expectUnavailable(await app.inject({ method: 'GET', url: '/api/test/cancelled' }));
      const warnings = log.lines.filter((line) => (line.level as number) >= 40);
      expect(warnings.map((line) => line.msg)).toEqual(['statement timed out', 'statement timed out']);
      expect(JSON.stringify(log.lines)).not.toMatch(/hidden-value|"name" = /);
      expect(JSON.stringify(warnings[0])).toContain('57014');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) =>
    Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', params: [], cause });
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['an administrator shutdown', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a connection failure', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
  ])('holds for %s, bare or wrapped by drizzle', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it('does not hold for a statement the database refused', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated'.toLowerCase()))).toBe(false);
  });
});

describe('DatabaseOutage', () => {
  it('logs one line when the database goes away and one when it is back', async () => {
    vi.useFakeTimers();
    try {
      const log = { error: vi.fn(), info: vi.fn() };
      let up = false;
      const outage = new DatabaseOutage(
        log as never,
        async () => {
          if (!up) throw new Error('still down');
        },
        1000,
      );
      for (let i = 0; i < 5; i++) outage.noticed('ECONNREFUSED');
      expect(outage.isDown).toBe(true);
      await vi.advanceTimersByTimeAsync(3000);
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.info).not.toHaveBeenCalled();
      up = true;
      await vi.advanceTimersByTimeAsync(1000);
      expect(outage.isDown).toBe(false);
      expect(log.info).toHaveBeenCalledTimes(1);
      outage.noticed('57P01');
      expect(log.error).toHaveBeenCalledTimes(2);
      outage.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
