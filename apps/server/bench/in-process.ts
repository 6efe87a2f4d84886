/**
 * The in-process benchmarks of `npm run bench` (the HTTP side-by-side one is http.ts).
 * Figures, not pass/fail:
 *  - the data access list at the server with 100,000 rows in one application (page 0 and
 *    page 5,000), on PGlite and on PostgreSQL;
 *  - the authorization menus of a user with 20 roles over a platform tree of about 10,000
 *    resources (target: p95 ≤ 20 ms at the server on PostgreSQL), on the same databases;
 *  - the user list with 100,000 users: page 0, deep pages, a name and a keyword search;
 *  - the time from starting the server to the first served console page (fresh data and
 *    restart);
 *  - the gzipped JavaScript the login page loads, measured in Chromium;
 *  - the server's memory after the list benchmark.
 *  - the OpenID Provider on PostgreSQL, over HTTP on 127.0.0.1: client-credentials tokens,
 *    code exchanges and introspections per second, each beside a bare oidc-provider (its
 *    MemoryAdapter, the same grants) measured in the same run (target: ≥ 2,000
 *    client-credentials tokens/s persisted).
 * The database ones run through `app.inject`, on the server alone. BENCH_ROWS and BENCH_RUNS
 * narrow them; BENCH_PGLITE=0 leaves PGlite out of them.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { PLATFORM_APP_ID, type ServerMenuItem } from '@gatehouse/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import Provider from 'oidc-provider';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { defaultConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { applications, oidcPayloads, resources, roleResources, users } from '../src/db/schema/index.ts';
import { providerTtl } from '../src/modules/oidc/provider.ts';
import { hashPassword } from '../src/modules/passwords/hashing.ts';
import { seed } from '../src/platform/seed.ts';
import {
  createApplication,
  grantRoles,
  seedDataAccesses,
  seedResourceTree,
  seedRolesOverTree,
  seedUsers,
} from '../test/fixtures.ts';
import { type Cluster, createCluster } from '../test/pg-cluster.ts';
import { freePort } from './children.ts';
import { postgresBase } from './http.ts';
import { int, quantile, type Report } from './report.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WITH_PGLITE = process.env.BENCH_PGLITE !== '0';
const ROOT = new URL('../../..', import.meta.url).pathname;
const PASSWORD = randomBytes(18).toString('base64url');

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95), min: s[0]! };
}

async function timeRequests(run: () => Promise<{ statusCode: number }>) {
  for (let i = 0; i < 3; i++) await run(); // warm the plan cache and buffers
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await run();
    samples.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  }
  return stats(samples);
}

/**
 * A migrated, seeded database with the server on it and the administrator signed in. With
 * `listen`, the server hears the database's change notifications, as `npm start` does, and
 * keeps what they invalidate (callers, OIDC clients) between requests.
 */
async function serve(handle: DatabaseHandle, { listen = false } = {}) {
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: PASSWORD, print: () => {} });
  const app = buildApp({
    db: handle.db,
    ...(listen ? { listen: handle.listen } : {}),
    logger: false,
    config: { webDir: '/nonexistent' },
  });
  await app.ready();
  const login = async (username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth2-server/login',
      payload: { username, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode}`);
    return res.json().result.token as string;
  };
  const token = await login('admin', PASSWORD);
  const get =
    (url: string, as = token) =>
    () =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${as}` } });
  return { app, db: handle.db, login, get };
}

type Served = Awaited<ReturnType<typeof serve>>;

type Stats = ReturnType<typeof stats>;
type Cases = Record<string, Stats>;
/** What a database benchmark answers: its timed cases and what else it found, line by line. */
type Timed = { cases: Cases; notes: string[] };

/** Times each case, showing its progress; returns the figures by case name. */
async function timeCases(cases: [string, () => Promise<{ statusCode: number }>][]): Promise<Cases> {
  const results: Cases = {};
  for (const [name, run] of cases) {
    results[name] = await timeRequests(run);
    const r = results[name]!;
    console.log(`  ${name.padEnd(30)} median ${fmt(r.median)}  p95 ${fmt(r.p95)}  min ${fmt(r.min)}`);
  }
  return results;
}

async function benchList({ db, get }: Served): Promise<Timed> {
  const appId = await createApplication(db, 'bench-app');
  const t = performance.now();
  await seedDataAccesses(db, appId, ROWS);
  const seedMs = performance.now() - t;
  const list = (query: string) =>
    get(`/api/admin-service/data/accesses?applicationId=${appId}&sort=createdDate,desc&size=10&${query}`);
  const body = (await list('page=0')()).json();
  if (body.totalElements !== ROWS)
    throw new Error(`expected ${ROWS} rows, the list says ${body.totalElements}`);
  const last = await list(`page=${ROWS / 10 - 1}`)();
  if (last.json().content.length !== 10) throw new Error('the last page is not full');

  const results = await timeCases([
    ['page 0', list('page=0')],
    ['page 5,000', list('page=5000')],
    ['page 9,999 (last)', list(`page=${ROWS / 10 - 1}`)],
    ['keyword search, page 0', list('page=0&keyword=data%20access%2012345')],
    ['category filter, page 0', list('page=0&category%5B0%5D=category-3')],
  ]);
  const ratio = results['page 5,000']!.median / results['page 0']!.median;
  const rss = process.memoryUsage().rss / 1024 / 1024;
  return {
    cases: results,
    notes: [
      `seeded in ${(seedMs / 1000).toFixed(1)} s`,
      `page 5,000 / page 0 (median): ${ratio.toFixed(2)}`,
      `process RSS after the run: ${rss.toFixed(0)} MiB`,
    ],
  };
}

/** The platform tree grown to about 10,000 resources: 100 categories × 20 menus × 4 elements. */
const TREE = { categories: 100, menusPer: 20, elementsPer: 4 };

/**
 * Refreshes the planner's statistics after a bulk seed, as autovacuum would soon after: with
 * the empty-table estimates of a fresh database the planner picks nested loops that take
 * seconds on these sizes.
 */
async function analyze(db: Served['db']): Promise<void> {
  await db.execute(sql`analyze`);
}

/** A user holding `roleIds`, signed in. */
async function userWithRoles(served: Served, username: string, roleIds: string[]): Promise<string> {
  const [user] = await served.db
    .insert(users)
    .values({ username, name: username, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await grantRoles(served.db, user!.userId, roleIds);
  return served.login(username, PASSWORD);
}

async function benchMenus(served: Served): Promise<Timed> {
  const { db, get } = served;
  const t = performance.now();
  await seedResourceTree(db, PLATFORM_APP_ID, TREE);
  // Twenty roles, role r granting the subtrees of categories r and r+1: a user holding them
  // all sees 21 of the 100 categories. Twenty more, role r granting categories 5r … 5r+9,
  // reach every category: the worst case, the whole tree in one answer.
  const some = await seedRolesOverTree(db, PLATFORM_APP_ID, { count: 20, categories: 100, step: 1, span: 2 });
  const all = await seedRolesOverTree(db, PLATFORM_APP_ID, { count: 20, categories: 100, step: 5, span: 10 });
  const someToken = await userWithRoles(served, 'bench-menus-some', some);
  const allToken = await userWithRoles(served, 'bench-menus-all', all);
  await analyze(db);
  const seedMs = performance.now() - t;
  const [tree] = await db
    .select({ n: count() })
    .from(resources)
    .where(eq(resources.applicationId, PLATFORM_APP_ID));
  const shown = (list: ServerMenuItem[]): number =>
    list.reduce((n, m) => n + 1 + m.elements.length + shown(m.children), 0);
  const describe = async (token: string, roleIds: string[]) => {
    const res = await get('/api/oauth2-server/authorization/menus', token)();
    const [pairs] = await db
      .select({ n: count() })
      .from(roleResources)
      .where(inArray(roleResources.roleId, roleIds));
    return `${pairs!.n.toLocaleString('en')} grants, answer of ${shown(res.json()).toLocaleString('en')} items (${(res.body.length / 1024).toFixed(0)} KiB)`;
  };

  const notes = [
    `a platform tree of ${int(tree!.n)} resources, seeded in ${(seedMs / 1000).toFixed(1)} s`,
    `20 roles, 21 categories: ${await describe(someToken, some)}`,
    `20 roles, every category: ${await describe(allToken, all)}`,
  ];
  const cases = await timeCases([
    ['20 roles, 21 categories', get('/api/oauth2-server/authorization/menus', someToken)],
    ['20 roles, every category', get('/api/oauth2-server/authorization/menus', allToken)],
    ['the Administrator', get('/api/oauth2-server/authorization/menus')],
  ]);
  return { cases, notes };
}

const USERS = 100_000;

async function benchUsers({ db, get }: Served): Promise<Timed> {
  const t = performance.now();
  await seedUsers(db, USERS, await hashPassword(PASSWORD));
  await analyze(db);
  const seedMs = performance.now() - t;
  const list = (query: string) => get(`/api/admin-service/v2/user?size=10&${query}`);
  const total = (await list('page=0')()).json().totalElements;
  if (total !== USERS + 1) throw new Error(`expected ${USERS + 1} users, the list says ${total}`);
  const lastPage = Math.ceil(total / 10) - 1;
  const cases = await timeCases([
    ['page 0', list('page=0')],
    ['page 5,000', list('page=5000')],
    [`page ${lastPage.toLocaleString('en')} (last)`, list(`page=${lastPage}`)],
    ['name search, page 0', list('page=0&name=User%2012345')],
    ['keyword search, page 0', list('page=0&keyword=user12345%40')],
  ]);
  return { cases, notes: [`${int(total)} users, seeded in ${(seedMs / 1000).toFixed(1)} s`] };
}

/**
 * Runs `bench` on a fresh PGlite on disk (unless BENCH_PGLITE=0) and, when a PostgreSQL
 * server answers (BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432), on a new
 * database of it; both are removed afterwards. Answers each database's result by its label.
 */
async function onEachDatabase<R>(
  report: Report,
  bench: (served: Served, label: string) => Promise<R>,
): Promise<[string, R][]> {
  const results: [string, R][] = [];
  if (WITH_PGLITE) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
    const lite = await openDatabase({ kind: 'pglite', dataDir: dir });
    const served = await serve(lite);
    try {
      console.log('  on PGlite (on disk)');
      results.push(['PGlite (on disk)', await bench(served, 'PGlite (on disk)')]);
    } finally {
      await served.app.close();
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const base = await postgresBase();
  if (!base) {
    report.line(
      '(PostgreSQL left out: none answers at BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    return results;
  }
  const name = `gatehouse_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  const served = await serve(handle);
  try {
    console.log('  on PostgreSQL');
    results.push(['PostgreSQL', await bench(served, 'PostgreSQL')]);
  } finally {
    await served.app.close();
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return results;
}

/**
 * Runs `bench` on a new database of BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432,
 * with the server as `npm start` runs it (hearing the database's notifications). When that
 * server runs with autovacuum off (this project's CI machine does, for its tests), the tables
 * a write benchmark fills would never be vacuumed nor analysed, which no production server
 * has: then it runs on a PostgreSQL cluster of its own with the default settings instead
 * (test/pg-cluster.ts), removed afterwards.
 */
async function onOwnPostgres(report: Report, bench: (served: Served) => Promise<void>): Promise<void> {
  let base = await postgresBase();
  if (!base) {
    report.line(
      '(left out: no PostgreSQL answers at BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    return;
  }
  const probe = new pg.Client({ connectionString: base });
  await probe.connect();
  const { rows } = await probe.query<{ autovacuum: string }>('show autovacuum');
  await probe.end();
  let cluster: Cluster | undefined;
  if (rows[0]?.autovacuum !== 'on') {
    cluster = await createCluster();
    cluster.start();
    base = cluster.url;
    report.line(
      '(on a PostgreSQL cluster of its own with the default settings: the one given runs with autovacuum off)',
    );
  }
  const name = `gatehouse_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  const served = await serve(handle, { listen: true });
  try {
    console.log('  on PostgreSQL');
    await bench(served);
  } finally {
    await served.app.close();
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    cluster?.remove();
  }
}

/** One section: its notes per database, then a table of the cases with a column per database. */
async function timedSection(report: Report, title: string, bench: (served: Served) => Promise<Timed>) {
  report.heading(title, 3);
  const results = await onEachDatabase(report, bench);
  if (results.length === 0) return;
  for (const [label, { notes }] of results) report.line(`${label}: ${notes.join('; ')}.`);
  const names = Object.keys(results[0]![1].cases);
  report.table(
    ['case', ...results.map(([label]) => `${label} median / p95`)],
    names.map((name) => [
      name,
      ...results.map(([, { cases }]) => {
        const r = cases[name];
        return r ? `${fmt(r.median)} / ${fmt(r.p95)}` : '—';
      }),
    ]),
  );
}

/** The resident memory of process `pid`, in MiB (Linux). */
function rssOf(pid: number): number | undefined {
  try {
    const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** How long after the first page the idle memory is read: the start's garbage is collected by then. */
const IDLE_AFTER_MS = 5_000;

/**
 * Starts the server as `npm start` does, on the compiled server the caller built, and times the
 * first served console page; then, the server left idle, reads its resident memory.
 */
async function timeFirstPage(database: Record<string, string>): Promise<{ ms: number; idleRss?: number }> {
  const port = await freePort();
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database,
    PORT: String(port),
    GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  };
  if (!database.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login`);
        if (res.ok && (await res.text()).includes(`<div id="root"`)) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('the server did not start in 120 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_AFTER_MS));
    const idleRss = child.pid === undefined ? undefined : rssOf(child.pid);
    return idleRss === undefined ? { ms } : { ms, idleRss };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function startupBenchmarks(report: Report) {
  report.heading('From starting the server to the first served console page, and its idle memory', 3);
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    report.line('(left out: build the console first with `npm run build`)');
    return;
  }
  // `npm start` runs the compiled server, building it first when it is missing or stale.
  execFileSync(process.execPath, [join(ROOT, 'apps/server/build.mjs')], { stdio: 'ignore' });
  const mib = (r: { idleRss?: number }) => (r.idleRss === undefined ? '—' : `${r.idleRss.toFixed(0)} MiB`);
  const rows: string[][] = [];
  const measure = async (label: string, database: Record<string, string>) => {
    const fresh = await timeFirstPage(database);
    const restarts = [];
    for (let i = 0; i < 3; i++) restarts.push(await timeFirstPage(database));
    const median = [...restarts].sort((a, b) => a.ms - b.ms)[1]!;
    rows.push([`${label}: fresh (migrations and seed)`, `${fresh.ms.toFixed(0)} ms`, mib(fresh)]);
    rows.push([
      `${label}: restart on the same data (median of 3)`,
      `${median.ms.toFixed(0)} ms`,
      restarts.map(mib).join(', '),
    ]);
  };
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-start-'));
  try {
    await measure('PGlite', { GATEHOUSE_DATA_DIR: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const base = await postgresBase();
  if (base) {
    const name = `gatehouse_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      await measure('PostgreSQL', {
        DATABASE_URL: url.toString(),
        GATEHOUSE_SECRET_KEY: randomBytes(32).toString('base64'),
      });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  report.line(
    'The compiled server, started as `npm start` starts it (`node scripts/start.mjs`), on the empty ' +
      `database of a new installation; idle memory: the resident set ${IDLE_AFTER_MS / 1000} s after the first page.`,
  );
  report.table(['start', 'to the first page', 'idle RSS'], rows);
}

async function webBenchmarks(report: Report) {
  report.heading('JavaScript the login page loads (Chromium, gzip level 9)', 3);
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    report.line('(left out: build the console first with `npm run build`)');
    return;
  }
  const { chromium } = await import('@playwright/test');
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      GATEHOUSE_DATA_DIR: dir,
      GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) break;
      } catch {}
      if (i > 2400) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.push({
        url: new URL(res.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Username').waitFor();
    const raw = scripts.reduce((n, s) => n + s.raw, 0);
    const gz = scripts.reduce((n, s) => n + s.gzip, 0);
    report.line(
      `${scripts.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped; the largest:`,
    );
    report.table(
      ['file', 'gzipped'],
      scripts
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 5)
        .map((s) => [s.url, `${(s.gzip / 1024).toFixed(1)} KiB`]),
    );
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- OpenID Provider ------------------------------------------------------------------------

const OIDC_N = Number(process.env.BENCH_OIDC_N ?? 2000);
const OIDC_CONCURRENCY = Number(process.env.BENCH_OIDC_CONCURRENCY ?? 32);
const CODES = Number(process.env.BENCH_OIDC_CODES ?? 500);
/** Rounds of client-credentials tokens, each provider in turn (`ccRounds`). */
const CC_ROUNDS = Number(process.env.BENCH_OIDC_ROUNDS ?? 5);
const REDIRECT = 'http://127.0.0.1:4000/cb';

type FormPost = { url: string; headers: Record<string, string>; body: string };

/**
 * Sends the POSTs, `c` at a time, from a worker thread (bench/load-worker.mjs): the load
 * generator runs beside the server, not on its event loop. Answers the rate and the bodies.
 */
async function loadRun(requests: FormPost[], c: number): Promise<{ rate: number; bodies: string[] }> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { requests, concurrency: c },
  });
  const out = await new Promise<{ seconds: number; bodies: string[]; failure?: string }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  if (out.failure) throw new Error(out.failure);
  return { rate: requests.length / out.seconds, bodies: out.bodies };
}

/** A browser: follows nothing by itself, keeps cookies. */
class Jar {
  private cookies = new Map<string, string>();
  async get(url: string): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.header() } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair!.slice(0, at));
      else this.cookies.set(pair!.slice(0, at), value);
    }
    await res.arrayBuffer();
    return res;
  }
  /** The Cookie header: every cookie kept, whatever its path (one sign-in at a time needs no more). */
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** One OpenID Provider under test: where its endpoints are and how to get a first code. */
type OidcTarget = {
  issuer: string;
  clientId: string;
  secret: string;
  /** Signs in through the interaction(s) once; the session then yields codes at once. */
  signIn: (jar: Jar, location: string) => Promise<Response>;
};

const VERIFIER = randomBytes(32).toString('base64url');
async function challenge() {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(VERIFIER));
  return Buffer.from(digest).toString('base64url');
}

async function measureProvider(target: OidcTarget) {
  const basic = `Basic ${Buffer.from(`${target.clientId}:${target.secret}`).toString('base64')}`;
  const form = (path: string, fields: Record<string, string>): FormPost => ({
    url: `${target.issuer}${path}`,
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const post = async (path: string, fields: Record<string, string>) => {
    const { url, headers, body } = form(path, fields);
    const res = await fetch(url, { method: 'POST', headers, body });
    const answer = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const cc = () => post('/token', { grant_type: 'client_credentials' });

  // Codes: one sign-in, then the session and its grant give a code per authorization request.
  const jar = new Jar();
  const authUrl = `${target.issuer}/auth?${new URLSearchParams({
    client_id: target.clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: REDIRECT,
    code_challenge: await challenge(),
    code_challenge_method: 'S256',
  })}`;
  const codeOf = (res: Response) => {
    const location = res.headers.get('location') ?? '';
    const code = new URL(location, target.issuer).searchParams.get('code');
    if (!location.startsWith(REDIRECT) || !code) throw new Error(`no code: ${res.status} ${location}`);
    return code;
  };
  const first = await jar.get(authUrl);
  codeOf(await target.signIn(jar, first.headers.get('location')!));
  const codes: string[] = [];
  for (let i = 0; i < CODES; i++) codes.push(codeOf(await jar.get(authUrl)));
  const exchange = (code: string) =>
    form('/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
  await loadRun([exchange(codes.pop()!)], 1); // warm up
  const { rate: codeRate } = await loadRun(codes.map(exchange), OIDC_CONCURRENCY);

  // Fresh tokens to introspect: the MemoryAdapter is an LRU of 1,000 entries, and the code
  // runs above pushed the first ones out.
  const fresh: string[] = [];
  for (let i = 0; i < 200; i++) fresh.push((await cc()).access_token as string);
  const introspections = await loadRun(
    Array.from({ length: OIDC_N }, (_, i) =>
      form('/token/introspection', { token: fresh[i % fresh.length]! }),
    ),
    OIDC_CONCURRENCY,
  );
  if (introspections.bodies.some((body) => (JSON.parse(body) as { active?: boolean }).active !== true))
    throw new Error('an issued token introspects inactive');
  const introspectRate = introspections.rate;
  return { codeRate, introspectRate };
}

/** A client-credentials token request of `target`, as a form POST. */
function ccRequest(target: OidcTarget): FormPost {
  return {
    url: `${target.issuer}/token`,
    headers: {
      authorization: `Basic ${Buffer.from(`${target.clientId}:${target.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  };
}

/**
 * Client-credentials tokens per second of both providers, in rounds taken in turn, so that
 * what else the machine runs weighs on both alike; answers the median rate of each and the
 * median of the rounds' ratios.
 */
async function ccRounds(ours: OidcTarget, theirs: OidcTarget) {
  const [a, b] = [ccRequest(ours), ccRequest(theirs)];
  await loadRun(Array(200).fill(a), OIDC_CONCURRENCY); // warm up
  await loadRun(Array(200).fill(b), OIDC_CONCURRENCY);
  const rounds: { ours: number; theirs: number }[] = [];
  for (let i = 0; i < CC_ROUNDS; i++) {
    const ourRate = (await loadRun(Array(OIDC_N).fill(a), OIDC_CONCURRENCY)).rate;
    const theirRate = (await loadRun(Array(OIDC_N).fill(b), OIDC_CONCURRENCY)).rate;
    rounds.push({ ours: ourRate, theirs: theirRate });
  }
  const median = (values: number[]) =>
    quantile(
      [...values].sort((x, y) => x - y),
      0.5,
    );
  return {
    ours: median(rounds.map((r) => r.ours)),
    theirs: median(rounds.map((r) => r.theirs)),
    ratio: median(rounds.map((r) => r.ours / r.theirs)),
    rounds,
  };
}

/** oidc-provider as shipped: its MemoryAdapter, the same grants, PKCE and token formats. */
async function bareProvider(): Promise<{ target: OidcTarget; server: Server }> {
  const clientId = 'bench-bare';
  const secret = randomBytes(24).toString('base64url');
  let provider!: Provider;
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    void (async () => {
      await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: 'bench-user', clientId });
      grant.addOIDCScope('openid');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, {
        login: { accountId: 'bench-user', remember: true },
        consent: { grantId },
      });
    })().catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: secret,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'client_credentials'],
        response_types: ['code'],
      },
    ],
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
    },
    ttl: providerTtl(defaultConfig().tokenLifetimes),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
  });
  const callback = provider.callback();
  return {
    server,
    target: {
      issuer,
      clientId,
      secret,
      signIn: async (jar, location) => {
        const resumed = await jar.get(new URL(location, issuer).toString());
        return jar.get(new URL(resumed.headers.get('location')!, issuer).toString());
      },
    },
  };
}

async function benchOidc(report: Report, { app, db, login }: Served, label: string) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const appId = await createApplication(db, 'bench-oidc', 'Bench');
  await db.update(applications).set({ openToAllUsers: true }).where(eq(applications.applicationId, appId));
  const admin = await login('admin', PASSWORD);
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin-service/v2/application/client',
    headers: { authorization: `Bearer ${admin}` },
    payload: { clientName: 'Bench', redirectUrl: REDIRECT, applicationId: appId },
  });
  if (created.statusCode !== 201) throw new Error(`client: ${created.statusCode} ${created.body}`);
  const { client, secret } = created.json() as { client: string; secret: string };
  const interaction = async (jar: Jar, location: string, step: 'login' | 'consent') => {
    const uid = new URL(location, origin).searchParams.get('uid');
    // With the browser's cookies: the interaction answers only the browser that started it.
    const res = await fetch(`${origin}/api/oauth2-server/interaction/${uid}/${step}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header() },
      body: step === 'login' ? JSON.stringify({ username: 'admin', password: PASSWORD }) : '{}',
    });
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${await res.text()}`);
    const { redirectTo } = (await res.json()) as { redirectTo: string };
    return jar.get(new URL(redirectTo, origin).toString());
  };
  const gatehouse: OidcTarget = {
    issuer: `${origin}/oidc`,
    clientId: client,
    secret,
    signIn: async (jar, location) => {
      const toConsent = await interaction(jar, location, 'login');
      return interaction(jar, toConsent.headers.get('location')!, 'consent');
    },
  };
  const bare = await bareProvider();
  try {
    const cc = await ccRounds(gatehouse, bare.target);
    const ours = await measureProvider(gatehouse);
    const theirs = await measureProvider(bare.target);
    const [persisted] = await db
      .select({ n: count() })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.model, 'ClientCredentials'));
    report.line(
      `${label}, ${OIDC_N} token requests and introspections, ${CODES} code exchanges, ${OIDC_CONCURRENCY} at a time; ` +
        `${persisted!.n} client-credentials tokens persisted. Client-credentials tokens in ${CC_ROUNDS} rounds of ` +
        `${OIDC_N}, the two providers in turn: medians of the rates and of the rounds' ratios ` +
        `(the rounds: ${cc.rounds.map((r) => `${int(r.ours)}/${int(r.theirs)}`).join(', ')}).`,
    );
    const row = (name: string, a: number, b: number) => [
      name,
      `${int(a)}/s`,
      `${int(b)}/s`,
      (a / b).toFixed(2),
    ];
    report.table(
      ['per second', 'Gatehouse', 'bare oidc-provider', 'ratio'],
      [
        [
          'client-credentials tokens',
          `${int(cc.ours)}/s`,
          `${int(cc.theirs)}/s`,
          `${cc.ratio.toFixed(2)} (target ≥ 0.90)`,
        ],
        row('code exchanges', ours.codeRate, theirs.codeRate),
        row('introspections', ours.introspectRate, theirs.introspectRate),
      ],
    );
    report.line(
      `Target ≥ 2,000 client-credentials tokens/s persisted: ${cc.ours >= 2000 ? 'met' : 'not met'}.`,
    );
  } finally {
    await new Promise((r) => bare.server.close(r));
  }
}

/** The in-process sections named in `only` (list, menus, users, startup, web, oidc). */
export async function benchInProcess(report: Report, only: Set<string>): Promise<void> {
  if (!['list', 'menus', 'users', 'startup', 'web', 'oidc'].some((name) => only.has(name))) return;
  report.heading('In process: the server through `app.inject`, and start-up, web and OIDC');
  report.line(`${RUNS} timed requests per case after 3 to warm up, at the server only (no HTTP).`);
  if (only.has('list'))
    await timedSection(report, `Data access list, ${int(ROWS)} rows in one application`, benchList);
  if (only.has('menus')) await timedSection(report, 'Authorization menus over a platform tree', benchMenus);
  if (only.has('users')) await timedSection(report, `User list, ${int(USERS)} users`, benchUsers);
  if (only.has('startup')) await startupBenchmarks(report);
  if (only.has('web')) await webBenchmarks(report);
  if (only.has('oidc')) {
    report.heading('OpenID Provider over HTTP on 127.0.0.1 (the load from a worker thread)', 3);
    await onOwnPostgres(report, (served) => benchOidc(report, served, 'PostgreSQL'));
  }
}
