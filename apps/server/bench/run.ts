/**
 * `npm run bench`: figures, not pass/fail. Reports
 *  - the data access list at the server with 100,000 rows in one application (page 0 and
 *    page 5,000), on PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
 *    PostgreSQL;
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
 * BENCH_ROWS, BENCH_RUNS and BENCH_ONLY (list,menus,users,startup,web,oidc) narrow a run;
 * BENCH_PGLITE=0 leaves PGlite out of the database benchmarks.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { PLATFORM_APP_ID, type ServerMenuItem } from '@gatehouse/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import Provider from 'oidc-provider';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { applications, oidcPayloads, resources, roleResources, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { TTL } from '../src/modules/oidc/provider.ts';
import { seed } from '../src/platform/seed.ts';
import {
  createApplication,
  grantRoles,
  seedDataAccesses,
  seedResourceTree,
  seedRolesOverTree,
  seedUsers,
} from '../test/fixtures.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'list,menus,users,startup,web,oidc').split(','));
const WITH_PGLITE = process.env.BENCH_PGLITE !== '0';
const ROOT = new URL('../../..', import.meta.url).pathname;
const PASSWORD = randomBytes(18).toString('base64url');

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), min: s[0]! };
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

/** A migrated, seeded database with the server on it and the administrator signed in. */
async function serve(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: PASSWORD, print: () => {} });
  const app = buildApp({ db: handle.db, logger: false, config: { webDir: '/nonexistent' } });
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

/** Times each case and prints one line per case; returns the figures by case name. */
async function timeCases(cases: [string, () => Promise<{ statusCode: number }>][]) {
  const results: Record<string, ReturnType<typeof stats>> = {};
  for (const [name, run] of cases) {
    results[name] = await timeRequests(run);
    const r = results[name]!;
    console.log(`${name.padEnd(30)} median ${fmt(r.median)}  p95 ${fmt(r.p95)}  min ${fmt(r.min)}`);
  }
  return results;
}

async function benchList(label: string, { db, get }: Served) {
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

  console.log(`\n## Data access list, ${ROWS.toLocaleString('en')} rows in one application: ${label}`);
  console.log(
    `seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} timed requests each (app.inject, server only)`,
  );
  const results = await timeCases([
    ['page 0', list('page=0')],
    ['page 5,000', list('page=5000')],
    ['page 9,999 (last)', list(`page=${ROWS / 10 - 1}`)],
    ['keyword search, page 0', list('page=0&keyword=data%20access%2012345')],
    ['category filter, page 0', list('page=0&category%5B0%5D=category-3')],
  ]);
  const ratio = results['page 5,000']!.median / results['page 0']!.median;
  console.log(`ratio page 5,000 / page 0 (median): ${ratio.toFixed(2)}`);
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(`process RSS after the run: ${rss.toFixed(0)} MiB`);
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

async function benchMenus(label: string, served: Served) {
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

  console.log(
    `\n## Authorization menus over a platform tree of ${tree!.n.toLocaleString('en')} resources: ${label}`,
  );
  console.log(
    `seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} timed requests each (app.inject, server only)`,
  );
  console.log(`- 20 roles, 21 categories: ${await describe(someToken, some)}`);
  console.log(`- 20 roles, every category: ${await describe(allToken, all)}`);
  await timeCases([
    ['20 roles, 21 categories', get('/api/oauth2-server/authorization/menus', someToken)],
    ['20 roles, every category', get('/api/oauth2-server/authorization/menus', allToken)],
    ['the Administrator', get('/api/oauth2-server/authorization/menus')],
  ]);
}

const USERS = 100_000;

async function benchUsers(label: string, { db, get }: Served) {
  const t = performance.now();
  await seedUsers(db, USERS, await hashPassword(PASSWORD));
  await analyze(db);
  const seedMs = performance.now() - t;
  const list = (query: string) => get(`/api/admin-service/v2/user?size=10&${query}`);
  const total = (await list('page=0')()).json().totalElements;
  if (total !== USERS + 1) throw new Error(`expected ${USERS + 1} users, the list says ${total}`);
  const lastPage = Math.ceil(total / 10) - 1;
  console.log(`\n## User list, ${total.toLocaleString('en')} users: ${label}`);
  console.log(
    `seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} timed requests each (app.inject, server only)`,
  );
  await timeCases([
    ['page 0', list('page=0')],
    ['page 5,000', list('page=5000')],
    [`page ${lastPage.toLocaleString('en')} (last)`, list(`page=${lastPage}`)],
    ['name search, page 0', list('page=0&name=User%2012345')],
    ['keyword search, page 0', list('page=0&keyword=user12345%40')],
  ]);
}

/**
 * Runs `bench` on a fresh PGlite on disk (unless BENCH_PGLITE=0) and, when BENCH_DATABASE_URL
 * or TEST_DATABASE_URL is set, on a new PostgreSQL database; both are removed afterwards.
 */
async function onEachDatabase(
  bench: (label: string, served: Served) => Promise<void>,
  withPglite = WITH_PGLITE,
) {
  if (withPglite) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
    const lite = await openDatabase({ kind: 'pglite', dataDir: dir });
    const served = await serve(lite);
    try {
      await bench('PGlite (on disk)', served);
    } finally {
      await served.app.close();
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    console.log('\n(PostgreSQL left out: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
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
    await bench('PostgreSQL', served);
  } finally {
    await served.app.close();
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server as `npm start` does (without the build step) and times the first page. */
async function timeFirstPage(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login`);
        if (res.ok && (await res.text()).includes(`<div id="root"`)) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('the server did not start in 120 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function startupBenchmarks() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    console.log('\n(startup left out: build the console first with `npm run build`)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-start-'));
  console.log('\n## From starting the server to the first served console page');
  console.log(`fresh data directory (migrations and seed): ${(await timeFirstPage(dir)).toFixed(0)} ms`);
  const restarts = [];
  for (let i = 0; i < 3; i++) restarts.push(await timeFirstPage(dir));
  console.log(`restart on the same data (median of 3):     ${stats(restarts).median.toFixed(0)} ms`);
  rmSync(dir, { recursive: true, force: true });
}

async function webBenchmarks() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    console.log('\n(web size left out: build the console first with `npm run build`)');
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
    console.log('\n## JavaScript the login page loads (Chromium, gzip level 9)');
    console.log(
      `${scripts.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped`,
    );
    for (const s of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, 5))
      console.log(`  ${s.url.padEnd(48)} ${(s.gzip / 1024).toFixed(1)} KiB gz`);
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
const REDIRECT = 'http://127.0.0.1:4000/cb';

/** Runs `n` calls of `one`, `c` at a time; answers calls per second. */
async function perSecond(n: number, c: number, one: (i: number) => Promise<void>) {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: c }, async () => {
      for (let i = next++; i < n; i = next++) await one(i);
    }),
  );
  return n / ((performance.now() - start) / 1000);
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
  private header() {
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
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${target.issuer}${path}`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const tokens: string[] = [];
  const cc = () => post('/token', { grant_type: 'client_credentials' });
  for (let i = 0; i < 20; i++) await cc(); // warm up
  const ccRate = await perSecond(OIDC_N, OIDC_CONCURRENCY, async () => {
    tokens.push((await cc()).access_token as string);
  });

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
    post('/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
    });
  await exchange(codes.pop()!); // warm up
  const codeRate = await perSecond(codes.length, OIDC_CONCURRENCY, async (i) => {
    await exchange(codes[i]!);
  });

  // Fresh tokens to introspect: the MemoryAdapter is an LRU of 1,000 entries, and the code
  // runs above pushed the first ones out.
  const fresh: string[] = [];
  for (let i = 0; i < 200; i++) fresh.push((await cc()).access_token as string);
  const introspectRate = await perSecond(OIDC_N, OIDC_CONCURRENCY, async (i) => {
    const body = await post('/token/introspection', { token: fresh[i % fresh.length]! });
    if (body.active !== true) throw new Error('an issued token introspects inactive');
  });
  return { ccRate, codeRate, introspectRate };
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
    ttl: { ...TTL },
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

async function benchOidc(label: string, { app, db, login }: Served) {
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
    const res = await fetch(`${origin}/api/oauth2-server/interaction/${uid}/${step}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
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
    const ours = await measureProvider(gatehouse);
    const theirs = await measureProvider(bare.target);
    const [persisted] = await db
      .select({ n: count() })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.model, 'ClientCredentials'));
    console.log(`\n## OpenID Provider: ${label}, over HTTP on 127.0.0.1 (client and server in one process)`);
    console.log(
      `${OIDC_N} token requests and introspections, ${CODES} code exchanges, ${OIDC_CONCURRENCY} at a time; ` +
        `${persisted!.n} client-credentials tokens persisted`,
    );
    const line = (name: string, a: number, b: number) =>
      console.log(
        `${name.padEnd(30)} ${a.toFixed(0).padStart(6)}/s   bare oidc-provider ${b.toFixed(0).padStart(6)}/s   ratio ${(a / b).toFixed(2)}`,
      );
    line('client-credentials tokens', ours.ccRate, theirs.ccRate);
    line('code exchanges', ours.codeRate, theirs.codeRate);
    line('introspections', ours.introspectRate, theirs.introspectRate);
    console.log(
      `target ≥ 2,000 client-credentials tokens/s persisted: ${ours.ccRate >= 2000 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await new Promise((r) => bare.server.close(r));
  }
}

console.log(`# Gatehouse benchmarks (${new Date().toISOString()}, Node ${process.version})`);
if (ONLY.has('list')) await onEachDatabase(benchList);
if (ONLY.has('menus')) await onEachDatabase(benchMenus);
if (ONLY.has('users')) await onEachDatabase(benchUsers);
if (ONLY.has('startup')) await startupBenchmarks();
if (ONLY.has('web')) await webBenchmarks();
if (ONLY.has('oidc')) await onEachDatabase(benchOidc, false);
