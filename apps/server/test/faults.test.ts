import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ERROR_CODES, HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATION_LOCK_KEY, migrateDatabase } from '../src/db/migrate.ts';
import { DATABASE_RETRY_SECONDS } from '../src/lib/database-outage.ts';
import { build, messageBody, TEST_DB } from './helper.ts';
import { type Cluster, createCluster } from './pg-cluster.ts';

/**
 * Issue 12, Deliver 3: faults survived. Each test runs the server as `npm start` runs it (the
 * compiled bundle, in a child process) or in this process, breaks something under traffic,
 * and logs its figures. On PGlite: kill -9 during writes, and SIGTERM under load; on
 * PostgreSQL: the database stopped mid-traffic (a throwaway cluster of the test's own), and
 * a statement past the statement timeout.
 */

const serverDir = new URL('..', import.meta.url).pathname;
const PASSWORD = 'faults-test-admin-password';
const APPS = '/api/admin-service/v2/application';
const LOGIN = '/api/oauth2-server/login';

let outDir: string;
let bundle: string;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(() => {
  // Inside the repository, where node finds the packages the bundle imports; dist is ignored.
  mkdirSync(join(serverDir, 'dist'), { recursive: true });
  outDir = mkdtempSync(join(serverDir, 'dist', 'test-faults-'));
  bundle = join(outDir, 'main.js');
  execFileSync(process.execPath, [join(serverDir, 'build.mjs'), outDir]);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(outDir, { recursive: true, force: true });
});

type Server = {
  child: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts the compiled server on `database` and waits for its listening line. */
async function startServer(database: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
      GATEHOUSE_SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      ...database,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Gatehouse listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return { child, origin, output: () => output, exited };
}

type Answer =
  | { status: number; body: Record<string, unknown>; headers: Headers; ms: number }
  | { error: string; ms: number };

/** One request; a socket error is an answer too (`error`: ECONNRESET, ECONNREFUSED…), not a throw. */
async function call(
  origin: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : {},
      headers: res.headers,
      ms: performance.now() - started,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? String(err), ms: performance.now() - started };
  }
}

const ok = (a: Answer) => 'status' in a && a.status >= 200 && a.status < 300;

async function signIn(origin: string): Promise<string> {
  const res = await call(origin, 'POST', LOGIN, undefined, { username: 'admin', password: PASSWORD });
  if (!('status' in res) || res.status !== 200) throw new Error(`sign-in: ${JSON.stringify(res)}`);
  return (res.body.result as { token: string }).token;
}

const createApp = (origin: string, token: string, applicationId: string) =>
  call(origin, 'POST', APPS, token, { applicationId, name: `Fault ${applicationId}` });

/** The 503 of an unreachable or too slow database: the error shape and Retry-After. */
function expectUnavailable(a: Answer) {
  expect('status' in a && a.status, JSON.stringify(a)).toBe(503);
  if (!('status' in a)) return;
  expect(a.body).toEqual({
    code: ERROR_CODES.UNAVAILABLE,
    ...messageBody(HTTP_STATUS_MESSAGES[503]!),
    requestId: expect.any(String),
  });
  expect(a.headers.get('retry-after')).toBe(String(DATABASE_RETRY_SECONDS));
}

/** Application ids with `prefix`: the rows, and the ids their create audit records name. */
async function rowsAndAudit(
  query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  prefix: string,
) {
  const rows = await query('select application_id as id from applications where application_id like $1', [
    `${prefix}%`,
  ]);
  const audit = await query(
    `select entity_id as id from audit_log where entity = 'application' and action = 'create' and entity_id like $1`,
    [`${prefix}%`],
  );
  const ids = (r: { rows: Record<string, unknown>[] }) => r.rows.map((row) => String(row.id)).sort();
  return { rows: ids(rows), audited: ids(audit) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (TEST_DB === 'pglite') {
  describe('kill -9 during 50 writes on PGlite', () => {
    it('keeps every acknowledged create with its audit record, and nothing half-created', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-kill9-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const first = await startServer({ GATEHOUSE_DATA_DIR: dataDir });
      const token = await signIn(first.origin);

      // 50 creates, five at a time; the server dies once 20 are acknowledged.
      const answers = new Map<string, Answer>();
      let next = 0;
      let killedAt = -1;
      const worker = async () => {
        while (next < 50) {
          const id = `kill9-${String(next++).padStart(2, '0')}`;
          const answer = await createApp(first.origin, token, id);
          answers.set(id, answer);
          if (killedAt < 0 && [...answers.values()].filter(ok).length >= 20) {
            killedAt = answers.size;
            first.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 5 }, worker));
      expect((await first.exited).signal).toBe('SIGKILL');
      const acknowledged = [...answers].filter(([, a]) => ok(a)).map(([id]) => id);
      const failed = [...answers].filter(([, a]) => !ok(a));
      // Past the kill every request fails at the socket; none gets an answer that is not 2xx.
      for (const [, a] of failed) expect(a).toHaveProperty('error');

      const restartStarted = performance.now();
      const second = await startServer({ GATEHOUSE_DATA_DIR: dataDir });
      const restartMs = performance.now() - restartStarted;
      const again = await signIn(second.origin);
      for (const id of acknowledged) {
        const res = await call(second.origin, 'GET', `${APPS}/${id}`, again);
        expect('status' in res && res.status, id).toBe(200);
      }
      // The restarted server still writes.
      expect(ok(await createApp(second.origin, again, 'kill9-after'))).toBe(true);
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);

      const handle = await openDatabase({ kind: 'pglite', dataDir });
      if (handle.kind !== 'pglite') throw new Error('expected PGlite');
      try {
        const { rows, audited } = await rowsAndAudit(
          (sql, params) => handle.client.query<Record<string, unknown>>(sql, params),
          'kill9-',
        );
        expect(rows).toEqual(expect.arrayContaining([...acknowledged, 'kill9-after']));
        // Each row has its audit record and each audit record its row.
        expect(audited).toEqual(rows);
        console.info(
          `kill -9 on PGlite: ${answers.size} creates sent, killed after ${acknowledged.length} acknowledged; ` +
            `${failed.length} failed at the socket (in flight at the kill, or refused after it), ${rows.length - acknowledged.length - 1} of them committed; ` +
            `restart in ${Math.round(restartMs)} ms; ${acknowledged.length}/${acknowledged.length} acknowledged present, ` +
            `${rows.length} rows = ${audited.length} audit records`,
        );
      } finally {
        await handle.close();
      }
    }, 120_000);
  });

  describe('SIGTERM under load', () => {
    it('finishes every in-flight request within 10 s, resets none, and exits 0', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-sigterm-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startServer({ GATEHOUSE_DATA_DIR: dataDir });
      const token = await signIn(server.origin);

      // Lists, creates and sign-ins (argon2: the slow ones), all sent before the signal.
      const finishedAt: number[] = [];
      const inFlight: Promise<Answer>[] = [];
      const track = (answer: Promise<Answer>) =>
        inFlight.push(
          answer.then((a) => {
            finishedAt.push(performance.now());
            return a;
          }),
        );
      for (let i = 0; i < 10; i++) {
        track(call(server.origin, 'GET', `${APPS}?page=0&size=100`, token));
        track(createApp(server.origin, token, `sigterm-${i}`));
        track(call(server.origin, 'POST', LOGIN, undefined, { username: 'admin', password: PASSWORD }));
      }
      // Long enough for every request to be on its connection, shorter than the answers take.
      await sleep(150);
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      const answers = await Promise.all(inFlight);
      const pending = finishedAt.filter((at) => at > signalled).length;
      // The signal came while requests were still being answered.
      expect(pending).toBeGreaterThanOrEqual(5);
      const lastAnswerMs = Math.max(...answers.map((a) => a.ms));
      const { code } = await server.exited;
      const exitMs = performance.now() - signalled;

      const errors = answers.filter((a) => 'error' in a);
      expect(errors).toEqual([]);
      for (const a of answers) expect(ok(a), JSON.stringify(a)).toBe(true);
      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(10_000);
      console.info(
        `SIGTERM under load: ${answers.length} requests sent (10 lists, 10 creates, 10 sign-ins), ${pending} still unanswered at the signal; ` +
          `${answers.filter(ok).length} answered 2xx, ${errors.length} reset; the slowest took ${Math.round(lastAnswerMs)} ms; ` +
          `exit code ${code} ${Math.round(exitMs)} ms after the signal`,
      );
    }, 60_000);
  });
}

if (TEST_DB === 'postgres') {
  describe('PostgreSQL stopped in the middle of traffic', () => {
    let cluster: Cluster;

    beforeAll(async () => {
      cluster = await createCluster();
      cleanups.push(() => cluster.remove());
    }, 60_000);

    it('answers 503 within 5 s and stays up, recovers within 5 s, and leaves no partial write', async () => {
      cluster.start();
      const url = cluster.url;
      const server = await startServer({ DATABASE_URL: url });
      const token = await signIn(server.origin);

      // Two writers and a reader, each one request after another, until told to stop.
      let running = true;
      const log: { at: number; kind: 'read' | 'write'; id?: string; answer: Answer }[] = [];
      let n = 0;
      const writer = async () => {
        while (running) {
          const id = `pgstop-${String(n++).padStart(4, '0')}`;
          const answer = await createApp(server.origin, token, id);
          log.push({ at: performance.now(), kind: 'write', id, answer });
        }
      };
      const reader = async () => {
        while (running) {
          const answer = await call(server.origin, 'GET', `${APPS}?page=0&size=10`, token);
          log.push({ at: performance.now(), kind: 'read', answer });
          await sleep(20);
        }
      };
      const traffic = Promise.all([writer(), writer(), reader()]);
      await sleep(1_500);

      const stopped = performance.now();
      cluster.stop('immediate');
      let first503: number | undefined;
      while (first503 === undefined && performance.now() - stopped < 10_000) {
        const a = await call(server.origin, 'GET', `${APPS}?page=0&size=10`, token);
        if ('status' in a && a.status === 503) {
          first503 = performance.now() - stopped;
          expectUnavailable(a);
        } else await sleep(50);
      }
      await sleep(2_000);
      const duringOutage = log.filter((e) => e.at > stopped + (first503 ?? 0) + 200);
      expect(server.child.exitCode, server.output()).toBeNull();

      const restarted = performance.now();
      cluster.start();
      const clusterUp = performance.now() - restarted;
      let back: number | undefined;
      while (back === undefined && performance.now() - restarted < 15_000) {
        if (ok(await call(server.origin, 'GET', `${APPS}?page=0&size=10`, token)))
          back = performance.now() - restarted;
        else await sleep(50);
      }
      await sleep(1_000);
      running = false;
      await traffic;
      expect(server.child.exitCode).toBeNull();

      expect(first503).toBeDefined();
      expect(first503!).toBeLessThan(5_000);
      expect(back).toBeDefined();
      expect(back!).toBeLessThan(5_000);
      // While it was down every answer was the 503 of the error shape: no 500, no reset.
      expect(duringOutage.length).toBeGreaterThan(0);
      const outageStatuses = new Set(
        duringOutage
          .filter((e) => e.at < restarted)
          .map((e) => ('status' in e.answer ? e.answer.status : e.answer.error)),
      );
      expect([...outageStatuses]).toEqual([503]);
      const statuses = log.map((e) => ('status' in e.answer ? e.answer.status : e.answer.error));
      expect(statuses.filter((s) => s !== 503 && !(typeof s === 'number' && s < 300))).toEqual([]);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows, audited } = await rowsAndAudit((sql, params) => client.query(sql, params), 'pgstop-');
        const acknowledged = log.filter((e) => e.kind === 'write' && ok(e.answer)).map((e) => e.id!);
        expect(rows).toEqual(expect.arrayContaining(acknowledged));
        expect(audited).toEqual(rows);
        const writes = log.filter((e) => e.kind === 'write');
        console.info(
          `PostgreSQL stopped mid-traffic: ${log.length} requests (${writes.length} writes, ${acknowledged.length} acknowledged, ` +
            `${writes.filter((e) => !ok(e.answer)).length} answered 503); first 503 ${Math.round(first503!)} ms after ` +
            `pg_ctl stop -m immediate; cluster restart ${Math.round(clusterUp)} ms, first 2xx ${Math.round(back!)} ms after ` +
            `the restart began; ${rows.length} rows = ${audited.length} audit records, ${acknowledged.length}/${acknowledged.length} acknowledged present`,
        );
      } finally {
        await client.end();
      }
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }, 120_000);
  });

  describe('a slow database (statement timeout)', () => {
    it('answers 503 in time while a lock holds the table, and the pool recovers', async () => {
      const t = await build();
      const token = await t.login();
      const TIMEOUT_MS = 500;
      // An instance whose pool has the timeout, as main.ts gives it GATEHOUSE_DB_STATEMENT_TIMEOUT_MS.
      const handle = await openDatabase({
        kind: 'postgres',
        url: t.databaseUrl!,
        max: 2,
        statementTimeoutMs: TIMEOUT_MS,
      });
      const app = buildApp({ db: handle.db, logger: false, config: { webDir: '/nonexistent-web-dir' } });
      await app.ready();
      const locker = new pg.Client({ connectionString: t.databaseUrl });
      await locker.connect();
      try {
        const inject = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
          const started = performance.now();
          const res = await app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${token}` },
            ...(payload ? { payload } : {}),
          });
          return {
            status: res.statusCode,
            body: res.json(),
            headers: new Headers(res.headers as Record<string, string>),
            ms: performance.now() - started,
          };
        };
        expect(ok(await inject('GET', `${APPS}?page=0&size=10`))).toBe(true);

        // Migrations wait past the timeout for another instance's (its advisory lock held
        // for twice the timeout), and leave the pooled connection with the timeout again.
        await locker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const release = sleep(2 * TIMEOUT_MS).then(() =>
          locker.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]),
        );
        await migrateDatabase(handle);
        await release;
        if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
        const pooled = await Promise.all([handle.pool.connect(), handle.pool.connect()]);
        for (const client of pooled) {
          expect((await client.query('show statement_timeout')).rows[0].statement_timeout).toBe(
            `${TIMEOUT_MS}ms`,
          );
          client.release();
        }

        await locker.query('begin');
        await locker.query('lock table applications in access exclusive mode');
        // More requests than the pool has connections: each waits its turn, then its timeout.
        const stuck = await Promise.all([
          ...Array.from({ length: 4 }, () => inject('GET', `${APPS}?page=0&size=10`)),
          inject('POST', APPS, { applicationId: 'slow-create', name: 'Slow' }),
        ]);
        for (const a of stuck) expectUnavailable(a);
        const slowest = Math.max(...stuck.map((a) => a.ms));
        // Five statements over two connections: three rounds of the timeout at most, plus slack.
        expect(slowest).toBeLessThan(3 * TIMEOUT_MS + 2_000);
        await locker.query('rollback');

        const after: Answer[] = [];
        for (let i = 0; i < 5; i++) after.push(await inject('GET', `${APPS}?page=0&size=10`));
        for (const a of after) expect(ok(a)).toBe(true);
        expect(ok(await inject('POST', APPS, { applicationId: 'after-slow', name: 'After' }))).toBe(true);
        // The cancelled create left nothing behind: no row, no audit record.
        const { rows, audited } = await rowsAndAudit(
          (sql, params) => locker.query(sql, params),
          'slow-create',
        );
        expect(rows).toEqual([]);
        expect(audited).toEqual([]);
        console.info(
          `Slow database: statement_timeout ${TIMEOUT_MS} ms, pool of 2, ${stuck.length} requests against a locked table ` +
            `all 503 (fastest ${Math.round(Math.min(...stuck.map((a) => a.ms)))} ms, slowest ${Math.round(slowest)} ms); ` +
            `then ${after.length}/${after.length} reads 2xx (slowest ${Math.round(Math.max(...after.map((a) => a.ms)))} ms) and a create`,
        );
      } finally {
        await locker.end();
        await app.close();
        await handle.close();
        await t.close();
      }
    }, 60_000);
  });
}
