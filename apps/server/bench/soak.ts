/**
 * `npm run soak` (issue 12, Deliver 7): Gatehouse on PostgreSQL, as `npm start` runs it, under
 * two streams at once, the console's reads and writes and password sign-ins, at half of the
 * capacity measured for them together, for SOAK_MINUTES (10 by default). Each minute reports
 * both p99s and the server's RSS; the run passes when no answer is a 5xx (nor a socket error
 * or a timeout), neither p99 of the last minute is over 20% above the first's, the RSS grows
 * by at most 10% from the end of the first minute, and every create has its audit record.
 * The exit code says which; the report also goes to apps/server/bench/results/soak-<date>.md.
 *
 * BENCH_DATABASE_URL: the database to use (migrated by the server); unset, a fresh database
 * on the local PostgreSQL (SOAK_POSTGRES_URL, postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end, or a cluster of its own where that server runs without autovacuum. SOAK_CAPACITY=<req/s>,<sign-ins/s>: the capacity, instead of measuring it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createCluster } from '../test/pg-cluster.ts';
import { type Child, freePort, memoryOf, servingPid, startChild, waitUntilServing } from './children.ts';
import { int, ms, Report } from './report.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const MINUTES = positive('SOAK_MINUTES', 10);
const CAPACITY = parseCapacity(process.env.SOAK_CAPACITY);
const API_CONNECTIONS = 16;
/** The server hashes at most one password per core at once; a few connections keep that busy. */
const SIGN_IN_CONNECTIONS = 4;
/** The capacity run: a warm-up, then the measured part. */
const CAPACITY_SECONDS = { warmup: 5, measured: 20 };
const LIMITS = { p99Drift: 0.2, rssGrowth: 0.1 };
const PASSWORD = randomBytes(18).toString('base64url');
const APP = 'soak-app';

function positive(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!(n > 0)) throw new Error(`${name} must be a positive number: ${value}`);
  return n;
}

/** SOAK_CAPACITY=<api req/s>,<sign-ins/s>: the capacity, instead of measuring it. */
function parseCapacity(value: string | undefined): Capacity | undefined {
  if (value === undefined || value === '') return undefined;
  const [api, signIns] = value.split(',').map(Number);
  if (!(api! > 0 && signIns! > 0))
    throw new Error(`SOAK_CAPACITY must be <api req/s>,<sign-ins/s>: ${value}`);
  return { api: api!, signIns: signIns! };
}

/**
 * BENCH_DATABASE_URL as given; else a database of its own on SOAK_POSTGRES_URL, dropped at the
 * end, unless that server runs with autovacuum off (this project's CI machine does, for its
 * tests): ten minutes of creates then measure tables that are never vacuumed nor analysed,
 * which no production server has, so the soak makes a cluster of its own with PostgreSQL's
 * defaults instead.
 */
async function database(): Promise<{ url: string; where: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL)
    return {
      url: process.env.BENCH_DATABASE_URL,
      where: 'the database at BENCH_DATABASE_URL',
      drop: async () => {},
    };
  const base = process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query('show autovacuum');
    if (rows[0].autovacuum !== 'on') {
      const cluster = await createCluster();
      cluster.start();
      return {
        url: cluster.url,
        where: `a PostgreSQL cluster of its own with the default settings (the server at SOAK_POSTGRES_URL runs with autovacuum off)`,
        drop: async () => cluster.remove(),
      };
    }
    const name = `gatehouse_soak_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      where: 'a fresh database on the server at SOAK_POSTGRES_URL',
      drop: async () => {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  } finally {
    await admin.end();
  }
}

async function startGatehouse(databaseUrl: string): Promise<{ child: Child; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
    GATEHOUSE_SECRET_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  // As `npm start` does: the build there is, or one made first when there is none.
  const child = startChild(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env });
  await waitUntilServing(child, `${origin}/api/ready`).catch(async (err) => {
    await child.stop();
    throw err;
  });
  return { child, origin };
}

async function request(origin: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The console's traffic, one connection's round of nine: six reads (data access lists: page 0,
 * page 3, a keyword over the seeded rows, a category; the application list twice) and three
 * data access creates, each with a new id so no answer is a 409.
 */
function apiMix(token: string): autocannon.Request[] {
  const auth = { authorization: `Bearer ${token}` };
  const list = (query: string): autocannon.Request => ({
    method: 'GET',
    path: `/api/admin-service/data/accesses?applicationId=${APP}&size=10&sort=createdDate,desc&${query}`,
    headers: auth,
  });
  const apps: autocannon.Request = {
    method: 'GET',
    path: '/api/admin-service/v2/application?page=0&size=10',
    headers: auth,
  };
  let created = 0;
  const prefix = randomBytes(4).toString('hex');
  const create: autocannon.Request = {
    method: 'POST',
    path: '/api/admin-service/data/access',
    headers: { ...auth, 'content-type': 'application/json' },
    setupRequest: (req) => {
      const n = created++;
      return { ...req, body: JSON.stringify(dataAccess(`soak-${prefix}-${n}`, `Soak ${n}`, n)) };
    },
  };
  return [
    list('page=0'),
    apps,
    create,
    list(`page=0&keyword=${encodeURIComponent(KEYWORD)}`),
    create,
    list('page=3'),
    apps,
    create,
    list('page=0&category=c3'),
  ];
}

/** Password sign-ins (argon2id): a stream of their own, so each has its own p99. */
const signIns = (): autocannon.Request[] => [
  {
    method: 'POST',
    path: '/api/oauth2-server/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  },
];

const dataAccess = (id: string, name: string, n: number) => ({
  applicationId: APP,
  id,
  name,
  category: `c${n % 10}`,
});

/** The keyword matches seeded rows only (111 of them), so its result does not grow with the creates. */
const KEYWORD = 'Seeded 1';
const SEEDED = 1_000;

type Stream = {
  p50: number;
  p99: number;
  rps: number;
  total: number;
  '5xx': number;
  non2xx: number;
  failed: number;
};
type Minute = { api: Stream; signIns: Stream; rss: number };

function stream(r: autocannon.Result): Stream {
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    total: r.requests.total,
    '5xx': r['5xx'],
    non2xx: r.non2xx,
    failed: r.errors + r.timeouts,
  };
}

function load(
  origin: string,
  requests: autocannon.Request[],
  connections: number,
  seconds: number,
  overallRate?: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: origin, connections, duration: seconds, requests, ...(overallRate ? { overallRate } : {}) },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Both streams at once for `seconds`, each unthrottled or at its rate. */
async function both(origin: string, token: string, seconds: number, rates?: Capacity) {
  const [api, signIn] = await Promise.all([
    load(origin, apiMix(token), API_CONNECTIONS, seconds, rates?.api),
    load(origin, signIns(), SIGN_IN_CONNECTIONS, seconds, rates?.signIns),
  ]);
  return { api: stream(api), signIns: stream(signIn) };
}

type Capacity = { api: number; signIns: number };

function revision(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

async function soak(): Promise<boolean> {
  const started = new Date();
  const report = new Report();
  report.heading(`Gatehouse soak, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`, 1);
  report.line(
    `Commit ${revision()}; Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the start. Gatehouse on PostgreSQL as \`npm start\` runs it, autocannon in this ` +
      "process on the same cores, two streams at once: the console's traffic over " +
      `${API_CONNECTIONS} connections, each cycling through six reads (data access lists: page 0, page 3, ` +
      `the keyword "${KEYWORD}" over ${int(SEEDED)} seeded rows, a category; the application list twice) and ` +
      `three data access creates; and password sign-ins (argon2id) over ${SIGN_IN_CONNECTIONS} connections.`,
  );
  const db = await database();
  report.line(`PostgreSQL: ${db.where}.`);
  const { child, origin } = await startGatehouse(db.url);
  const pid = servingPid(child.process.pid!);
  try {
    const token = (
      (await request(origin, 'POST', '/api/oauth2-server/login', { username: 'admin', password: PASSWORD }))
        .result as { token: string }
    ).token;
    await request(
      origin,
      'POST',
      '/api/admin-service/v2/application',
      { applicationId: APP, name: 'Soak' },
      token,
    );
    for (let n = 0; n < SEEDED; n += 20)
      await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          request(
            origin,
            'POST',
            '/api/admin-service/data/access',
            dataAccess(`seeded-${n + k}`, `Seeded ${n + k}`, n + k),
            token,
          ),
        ),
      );

    let capacity = CAPACITY;
    if (capacity === undefined) {
      await both(origin, token, CAPACITY_SECONDS.warmup);
      const run = await both(origin, token, CAPACITY_SECONDS.measured);
      capacity = { api: run.api.rps, signIns: run.signIns.rps };
      report.line(
        `Capacity, both streams unthrottled for ${CAPACITY_SECONDS.measured} s after a ${CAPACITY_SECONDS.warmup} s ` +
          `warm-up: ${int(capacity.api)} req/s of the console's traffic (p99 ${ms(run.api.p99)}) beside ` +
          `${capacity.signIns.toFixed(1)} sign-ins/s (p99 ${ms(run.signIns.p99)}); ${int(run.api['5xx'] + run.signIns['5xx'])} 5xx.`,
      );
    } else
      report.line(
        `Capacity from SOAK_CAPACITY: ${int(capacity.api)} req/s and ${capacity.signIns} sign-ins/s.`,
      );
    const rates = {
      api: Math.max(1, Math.round(capacity.api / 2)),
      signIns: Math.max(1, Math.round(capacity.signIns / 2)),
    };
    report.line(
      `The soak: ${MINUTES} minute(s) at half of that, ${int(rates.api)} req/s and ${rates.signIns} sign-ins/s ` +
        "(autocannon's overallRate, latencies corrected for coordinated omission), one minute at a time.",
    );

    const minutes: Minute[] = [];
    for (let m = 1; m <= MINUTES; m++) {
      const minute = { ...(await both(origin, token, 60, rates)), rss: memoryOf(pid).rss };
      minutes.push(minute);
      console.log(
        `  minute ${m}: ${int(minute.api.rps)} req/s, p99 ${ms(minute.api.p99)}; ` +
          `${minute.signIns.rps.toFixed(1)} sign-ins/s, p99 ${ms(minute.signIns.p99)}; RSS ${minute.rss.toFixed(1)} MiB; ` +
          `5xx ${minute.api['5xx'] + minute.signIns['5xx']}`,
      );
    }

    report.table(
      [
        'minute',
        'req/s',
        'p50',
        'p99',
        'sign-ins/s',
        'sign-in p99',
        'RSS (MiB)',
        '5xx',
        'non-2xx',
        'socket errors, timeouts',
      ],
      minutes.map((m, i) => [
        String(i + 1),
        int(m.api.rps),
        ms(m.api.p50),
        ms(m.api.p99),
        m.signIns.rps.toFixed(1),
        ms(m.signIns.p99),
        m.rss.toFixed(1),
        int(m.api['5xx'] + m.signIns['5xx']),
        int(m.api.non2xx + m.signIns.non2xx),
        int(m.api.failed + m.signIns.failed),
      ]),
    );
    const first = minutes[0]!;
    const last = minutes[minutes.length - 1]!;
    const sum = (f: (m: Minute) => number) => minutes.reduce((n, m) => n + f(m), 0);
    const fivexx = sum((m) => m.api['5xx'] + m.signIns['5xx']);
    const failures = sum((m) => m.api.failed + m.signIns.failed);
    const drift = (f: (m: Minute) => number) => f(last) / f(first) - 1;
    const apiDrift = drift((m) => m.api.p99);
    const signInDrift = drift((m) => m.signIns.p99);
    const growth = drift((m) => m.rss);
    // Every create the soak made is there with its audit record: the counts match. autocannon
    // ends a run without waiting for the answers still on their way, so the server gets a
    // moment to finish them, and one statement counts both in one snapshot.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const counts = new pg.Client({ connectionString: db.url });
    await counts.connect();
    const { rows } = await counts
      .query(
        `select (select count(*)::int from data_accesses where application_id = $1) as created,
                (select count(*)::int from audit_log where entity = 'data-access' and action = 'create') as audited`,
        [APP],
      )
      .finally(() => counts.end());
    const created = rows[0].created as number;
    const createAudits = rows[0].audited as number;
    const checks = [
      { what: '5xx answers', figure: int(fivexx), limit: '0', pass: fivexx === 0 },
      { what: 'socket errors and timeouts', figure: int(failures), limit: '0', pass: failures === 0 },
      {
        what: "p99 drift of the console's traffic, first minute to last",
        figure: `${ms(first.api.p99)} → ${ms(last.api.p99)} (${pct(apiDrift)})`,
        limit: `≤ ${pct(LIMITS.p99Drift)}`,
        pass: apiDrift <= LIMITS.p99Drift,
      },
      {
        what: 'p99 drift of the sign-ins, first minute to last',
        figure: `${ms(first.signIns.p99)} → ${ms(last.signIns.p99)} (${pct(signInDrift)})`,
        limit: `≤ ${pct(LIMITS.p99Drift)}`,
        pass: signInDrift <= LIMITS.p99Drift,
      },
      {
        what: 'RSS growth, end of the first minute to the end',
        figure: `${first.rss.toFixed(1)} → ${last.rss.toFixed(1)} MiB (${pct(growth)})`,
        limit: `≤ ${pct(LIMITS.rssGrowth)}`,
        pass: growth <= LIMITS.rssGrowth,
      },
      {
        what: 'data accesses created, and their create audit records',
        figure: `${int(created)} rows, ${int(createAudits)} audit records`,
        limit: 'equal',
        pass: created === createAudits && created > SEEDED,
      },
    ];
    report.table(
      ['check', 'figure', 'limit', 'result'],
      checks.map((c) => [c.what, c.figure, c.limit, c.pass ? 'pass' : 'FAIL']),
    );
    const pass = checks.every((c) => c.pass);
    report.line(
      `${pass ? 'PASS' : 'FAIL'}. ${int(sum((m) => m.api.total + m.signIns.total))} requests in all, ` +
        `${int(sum((m) => m.api.non2xx + m.signIns.non2xx))} of them not 2xx; run time ` +
        `${((Date.now() - started.getTime()) / 60_000).toFixed(1)} minutes.`,
    );
    console.log(`\nWritten to ${report.write(join(ROOT, 'apps/server/bench/results'), started, 'soak-')}`);
    return pass;
  } finally {
    await child.stop();
    await db.drop();
  }
}

process.exit((await soak()) ? 0 : 1);
