/**
 * `npm run soak` (issue 12, Deliver 7): Gatehouse on PostgreSQL, as `npm start` runs it, under
 * a mix of reads, writes and sign-ins at half of its measured capacity, for SOAK_MINUTES
 * (10 by default). Each minute reports its p99 and the server's RSS; the run passes when no
 * answer is a 5xx (nor a socket error or a timeout), the last minute's p99 is at most 20%
 * above the first's, and the RSS grows by at most 10% from the end of the first minute. The
 * exit code says which; the report also goes to bench/results/soak-<date>.md.
 *
 * BENCH_DATABASE_URL: the database to use (migrated by the server); unset, a fresh database
 * on the local PostgreSQL (SOAK_POSTGRES_URL, postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end. SOAK_CAPACITY: the capacity in requests a second, instead of measuring it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Child, freePort, memoryOf, servingPid, startChild, waitUntilServing } from './children.ts';
import { int, ms, Report } from './report.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const MINUTES = positive('SOAK_MINUTES', 10);
const CAPACITY = process.env.SOAK_CAPACITY ? positive('SOAK_CAPACITY', 0) : undefined;
const CONNECTIONS = 20;
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

/** A database of its own on the local PostgreSQL, or BENCH_DATABASE_URL as given. */
async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  const base = process.env.SOAK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gatehouse_soak_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
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
  // As `npm start` would: it builds the console only when its bundle is missing.
  if (existsSync(join(ROOT, 'apps/web/dist/index.html'))) env.GATEHOUSE_SKIP_BUILD = '1';
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
 * One connection's round of ten: six reads (two lists of data accesses, one with a keyword,
 * the applications, a page further down), three creates, one password sign-in.
 */
function mix(token: string): autocannon.Request[] {
  const auth = { authorization: `Bearer ${token}` };
  const json = { 'content-type': 'application/json' };
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
    headers: { ...auth, ...json },
    // Each create a new id, so no answer is a 409.
    setupRequest: (req) => {
      const n = created++;
      return {
        ...req,
        body: JSON.stringify({
          applicationId: APP,
          id: `soak-${prefix}-${n}`,
          name: `Soak ${n}`,
          category: `c${n % 10}`,
        }),
      };
    },
  };
  const signIn: autocannon.Request = {
    method: 'POST',
    path: '/api/oauth2-server/login',
    headers: json,
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  };
  return [
    list('page=0'),
    apps,
    create,
    list('page=0&keyword=Soak%201'),
    create,
    signIn,
    list('page=3'),
    apps,
    create,
    list('page=0&category=c3'),
  ];
}

type Minute = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  '5xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  rss: number;
};

function load(
  origin: string,
  token: string,
  seconds: number,
  overallRate?: number,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections: CONNECTIONS,
        duration: seconds,
        requests: mix(token),
        ...(overallRate ? { overallRate } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

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
      .join(' ')} at the start. Gatehouse on PostgreSQL as \`npm start\` runs it; autocannon in this ` +
      `process on the same cores, ${CONNECTIONS} connections, each cycling through six reads (data access ` +
      'lists: page 0, page 3, a keyword, a category; the application list twice), three data access creates ' +
      'and one password sign-in (argon2id).',
  );
  const db = await database();
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

    let capacity = CAPACITY;
    if (capacity === undefined) {
      await load(origin, token, CAPACITY_SECONDS.warmup);
      const run = await load(origin, token, CAPACITY_SECONDS.measured);
      capacity = run.requests.average;
      report.line(
        `Capacity, unthrottled for ${CAPACITY_SECONDS.measured} s after a ${CAPACITY_SECONDS.warmup} s warm-up: ` +
          `${int(capacity)} req/s (p99 ${ms(run.latency.p99)}, ${int(run['5xx'])} 5xx).`,
      );
    } else report.line(`Capacity from SOAK_CAPACITY: ${int(capacity)} req/s.`);
    const rate = Math.max(1, Math.round(capacity / 2));
    report.line(`The soak: ${MINUTES} minute(s) at ${int(rate)} req/s (overallRate, half of the capacity).`);

    const minutes: Minute[] = [];
    for (let m = 1; m <= MINUTES; m++) {
      const r = await load(origin, token, 60, rate);
      const minute: Minute = {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        '5xx': r['5xx'],
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        rss: memoryOf(pid).rss,
      };
      minutes.push(minute);
      console.log(
        `  minute ${m}: ${int(minute.rps)} req/s, p50 ${ms(minute.p50)}, p99 ${ms(minute.p99)}, ` +
          `RSS ${minute.rss.toFixed(1)} MiB, 5xx ${minute['5xx']}, non-2xx ${minute.non2xx}, errors ${minute.errors}`,
      );
    }

    report.table(
      [
        'minute',
        'req/s',
        'requests',
        'p50',
        'p99',
        'RSS (MiB)',
        '5xx',
        'non-2xx',
        'socket errors',
        'timeouts',
      ],
      minutes.map((m, i) => [
        String(i + 1),
        int(m.rps),
        int(m.total),
        ms(m.p50),
        ms(m.p99),
        m.rss.toFixed(1),
        int(m['5xx']),
        int(m.non2xx),
        int(m.errors),
        int(m.timeouts),
      ]),
    );
    const first = minutes[0]!;
    const last = minutes[minutes.length - 1]!;
    const fivexx = minutes.reduce((n, m) => n + m['5xx'], 0);
    const failures = minutes.reduce((n, m) => n + m.errors + m.timeouts, 0);
    const nonOk = minutes.reduce((n, m) => n + m.non2xx, 0);
    const drift = last.p99 / first.p99 - 1;
    const growth = last.rss / first.rss - 1;
    // Every create the soak made is there with its audit record: the counts match.
    const counts = new pg.Client({ connectionString: db.url });
    await counts.connect();
    const [rows, audited] = await Promise.all([
      counts.query('select count(*)::int as n from data_accesses where application_id = $1', [APP]),
      counts.query(
        `select count(*)::int as n from audit_log where entity = 'data-access' and action = 'create'`,
      ),
    ]).finally(() => counts.end());
    const created = rows.rows[0].n as number;
    const createAudits = audited.rows[0].n as number;
    const checks = [
      {
        what: 'data accesses created, and their create audit records',
        figure: `${int(created)} rows, ${int(createAudits)} audit records`,
        limit: 'equal',
        pass: created === createAudits && created > 0,
      },
      { what: '5xx answers', figure: int(fivexx), limit: '0', pass: fivexx === 0 },
      { what: 'socket errors and timeouts', figure: int(failures), limit: '0', pass: failures === 0 },
      {
        what: 'p99 drift, first minute to last',
        figure: `${ms(first.p99)} → ${ms(last.p99)} (${pct(drift)})`,
        limit: `≤ ${pct(LIMITS.p99Drift)}`,
        pass: drift <= LIMITS.p99Drift,
      },
      {
        what: 'RSS growth, end of the first minute to the end',
        figure: `${first.rss.toFixed(1)} → ${last.rss.toFixed(1)} MiB (${pct(growth)})`,
        limit: `≤ ${pct(LIMITS.rssGrowth)}`,
        pass: growth <= LIMITS.rssGrowth,
      },
    ];
    report.table(
      ['check', 'figure', 'limit', 'result'],
      checks.map((c) => [c.what, c.figure, c.limit, c.pass ? 'pass' : 'FAIL']),
    );
    const pass = checks.every((c) => c.pass);
    report.line(
      `${pass ? 'PASS' : 'FAIL'}. ${int(minutes.reduce((n, m) => n + m.total, 0))} requests in all, ` +
        `${int(nonOk)} of them not 2xx; run time ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} minutes.`,
    );
    console.log(`\nWritten to ${report.write(join(ROOT, 'apps/server/bench/results'), started, 'soak-')}`);
    return pass;
  } finally {
    await child.stop();
    await db.drop();
  }
}

process.exit((await soak()) ? 0 : 1);
