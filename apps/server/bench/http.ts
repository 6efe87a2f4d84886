/**
 * The data access list over HTTP, side by side in one run (issue 11): Gatehouse started as
 * `npm start` starts it, on PostgreSQL and on PGlite; the floor (bench/floor.ts); and, with
 * BENCH_PEER=directus, Directus. Each runs alone in a child process on 127.0.0.1 while
 * autocannon loads it from this process, on the same cores.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { hashPassword } from '../src/modules/passwords/hashing.ts';
import { measureBrowser } from './browser.ts';
import { type Child, freePort, memoryOf, servingPid, startChild, waitUntilServing } from './children.ts';
import {
  BIG_APP,
  DATA_SET,
  KEYWORD,
  type SeedTiming,
  seedDataSet,
  TREE_CATEGORY,
  TREE_MENU,
} from './dataset.ts';
import { DIRECTUS_VERSION, startDirectus } from './directus.ts';
import { closedLoop, type Load } from './load.ts';
import { int, median, ms, quantile, type Report, ratio } from './report.ts';
import { measureSignIns } from './sign-ins.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const QUICK = process.env.BENCH_QUICK === '1';
/** Seconds of warm-up, then `runs` measured runs of `seconds` each; the figures are their medians. */
const LOAD = QUICK ? { warmup: 2, seconds: 3, runs: 1 } : { warmup: 10, seconds: 20, runs: 3 };
const CONNECTIONS = 50;
/** Requests one at a time for the latency cases. */
const SEQUENTIAL = QUICK ? 50 : 300;
const SEQUENTIAL_WARM_UP = 10;
const PEER = process.env.BENCH_PEER === 'directus';
const PASSWORD = randomBytes(18).toString('base64url');

type Case = { name: string; page: number; keyword?: string };
const PAGE_0: Case = { name: 'page 0', page: 0 };
const OFFSET: Case = { name: 'offset 9,000 (page 900)', page: 900 };
const SEARCH: Case = { name: `keyword "${KEYWORD}"`, page: 0, keyword: KEYWORD };

/** A server under load: where to send each case and how to read its answer. */
type Target = {
  label: string;
  child: Child;
  headers: Record<string, string>;
  url: (c: Case) => string;
  read: (body: unknown) => { ids: string[]; total: number };
};

/** What a correct answer holds: row i is `da-<i>`, created i seconds after row 0. */
function expected(c: Case): { ids: string[]; total: number } {
  if (c.keyword) return { ids: ['da-012345'], total: 1 };
  const first = DATA_SET.dataAccesses - 1 - c.page * 10;
  return {
    ids: Array.from({ length: 10 }, (_, k) => `da-${String(first - k).padStart(6, '0')}`),
    total: DATA_SET.dataAccesses,
  };
}

async function check(target: Target, c: Case): Promise<void> {
  const res = await fetch(target.url(c), { headers: target.headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.label}, ${c.name}: ${res.status} ${text.slice(0, 500)}`);
  const got = target.read(JSON.parse(text));
  const want = expected(c);
  if (JSON.stringify(got) !== JSON.stringify(want))
    throw new Error(
      `${target.label}, ${c.name}: answered ${JSON.stringify(got)}, not ${JSON.stringify(want)}`,
    );
}

type Figures = Load & { runs: Load[] };

const load = (url: string, headers: Record<string, string>, seconds: number): Promise<Load> =>
  closedLoop({ url, headers, connections: CONNECTIONS, duration: seconds });

/** Checks the answer, warms up, then measures: medians of the runs. */
async function measure(target: Target, c: Case): Promise<Figures> {
  await check(target, c);
  await load(target.url(c), target.headers, LOAD.warmup);
  const runs: Load[] = [];
  for (let i = 0; i < LOAD.runs; i++) runs.push(await load(target.url(c), target.headers, LOAD.seconds));
  const of = (key: keyof Load) => median(runs.map((r) => r[key]));
  const figures = {
    rps: of('rps'),
    p50: of('p50'),
    p99: of('p99'),
    failed: of('failed'),
    completed: of('completed'),
    runs,
  };
  console.log(
    `  ${target.label}, ${c.name}: ${int(figures.rps)} req/s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}` +
      (figures.failed > 0 ? `, ${figures.failed} failed` : ''),
  );
  return figures;
}

type Measured = {
  target: Target;
  cases: Map<Case, Figures>;
  /** Cases that could not be measured, with why: the run goes on with the next. */
  errors: Map<Case, string>;
  memory: { rss: number; peak: number };
};

/** Every case on `target`, then its memory; the server is stopped in any case. */
async function measureAll(target: Target, cases: Case[]): Promise<Measured> {
  try {
    const figures = new Map<Case, Figures>();
    const errors = new Map<Case, string>();
    for (const c of cases) {
      try {
        figures.set(c, await measure(target, c));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        console.log(`  ${target.label}, ${c.name}: not measured: ${message}`);
        errors.set(c, message.slice(0, 300));
      }
    }
    return { target, cases: figures, errors, memory: memoryOf(servingPid(target.child.process.pid!)) };
  } finally {
    await target.child.stop();
  }
}

type Sequential = Awaited<ReturnType<typeof sequential>>;

/**
 * p50 and p95 of `n` requests sent one at a time, after a few to warm up: from this process,
 * and again from a worker thread of its own (`fromWorker`).
 */
async function sequential(url: string, headers: Record<string, string>, n = SEQUENTIAL) {
  const figures = (samples: number[]) => {
    samples.sort((a, b) => a - b);
    return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
  };
  const once = async () => {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  };
  for (let i = 0; i < SEQUENTIAL_WARM_UP; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await once();
    samples.push(performance.now() - t);
  }
  const worker = new Worker(new URL('./sequential-worker.mjs', import.meta.url), {
    workerData: { url, headers, warmUp: SEQUENTIAL_WARM_UP, n },
  });
  const fromWorker = await new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return { ...figures(samples), fromWorker: figures(fromWorker) };
}

// ---- the servers ------------------------------------------------------------------------------

/** Gatehouse as `npm start` runs it, on PostgreSQL (`DATABASE_URL`) or PGlite (`GATEHOUSE_DATA_DIR`). */
async function startGatehouse(
  label: string,
  database: { DATABASE_URL: string } | { GATEHOUSE_DATA_DIR: string },
): Promise<Target & { token: string; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database,
    PORT: String(port),
    GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  };
  if (!('DATABASE_URL' in database)) delete env.DATABASE_URL;
  else env.GATEHOUSE_SECRET_KEY = randomBytes(32).toString('base64');
  // As `npm start` does: the build there is, or one made first when there is none.
  const child = startChild(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env });
  try {
    await waitUntilServing(child, `${origin}/api/ready`);
    const res = await fetch(`${origin}/api/oauth2-server/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    const { token } = ((await res.json()) as { result: { token: string } }).result;
    return {
      label,
      child,
      origin,
      token,
      headers: { authorization: `Bearer ${token}` },
      url: (c) =>
        `${origin}/api/admin-service/data/accesses?applicationId=${BIG_APP}&page=${c.page}&size=10&sort=createdDate,desc` +
        (c.keyword ? `&keyword=${encodeURIComponent(c.keyword)}` : ''),
      read: gatehouseBody,
    };
  } catch (err) {
    await child.stop();
    throw err;
  }
}

function gatehouseBody(body: unknown) {
  const { content, totalElements } = body as { content: { id: string }[]; totalElements: number };
  return { ids: content.map((r) => r.id), total: totalElements };
}

/** The floor (bench/floor.ts), its total by `count(*)` or read from the kept counts. */
async function startFloor(databaseUrl: string, total: 'count' | 'kept'): Promise<Target> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = startChild(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/bench/floor.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), FLOOR_TOTAL: total },
  });
  const url = (c: Case) =>
    `${origin}/accesses?applicationId=${BIG_APP}&page=${c.page}&size=10` +
    (c.keyword ? `&keyword=${encodeURIComponent(c.keyword)}` : '');
  await waitUntilServing(child, url(PAGE_0)).catch(async (err) => {
    await child.stop();
    throw err;
  });
  const label = total === 'kept' ? 'floor, kept count' : 'floor, count(*)';
  return { label, child, headers: {}, url, read: gatehouseBody };
}

// ---- the databases ----------------------------------------------------------------------------

/** A new database on the server at `base`, migrated and seeded; answers its URL and a drop. */
async function seededPostgres(base: string, passwordHash: string) {
  const name = `gatehouse_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
    await migrateDatabase(handle);
    await handle.close();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const timings = await seedDataSet((sql) => client.query(sql), passwordHash);
      const nodes = await treeNodes((sql) => client.query(sql).then((r) => r.rows));
      const { rows } = await client.query(`select to_regclass('list_counts') is not null as kept`);
      return { url: url.toString(), timings, nodes, keptCounts: rows[0].kept === true, drop };
    } finally {
      await client.end();
    }
  } catch (err) {
    await drop();
    throw err;
  }
}

/** A PGlite data directory under a temporary folder, migrated and seeded, then closed. */
async function seededPglite(passwordHash: string) {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-pglite-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  if (handle.kind !== 'pglite') throw new Error('not PGlite');
  try {
    await migrateDatabase(handle);
    const timings = await seedDataSet((sql) => handle.client.exec(sql), passwordHash);
    const nodes = await treeNodes((sql) => handle.client.query(sql).then((r) => r.rows));
    return { dir, timings, nodes };
  } finally {
    await handle.close();
  }
}

type TreeNodes = { category: string; menu: string };

async function treeNodes(query: (sql: string) => Promise<unknown[]>): Promise<TreeNodes> {
  const rows = (await query(
    `select id, resource_id from resources where application_id = '${BIG_APP}' and id in ('${TREE_CATEGORY}', '${TREE_MENU}')`,
  )) as { id: string; resource_id: string }[];
  const of = (id: string) => rows.find((r) => r.id === id)?.resource_id ?? '';
  return { category: of(TREE_CATEGORY), menu: of(TREE_MENU) };
}

/** The latency cases, one request at a time: the keyword search and the children of two nodes. */
async function latencies(target: Awaited<ReturnType<typeof startGatehouse>>, nodes: TreeNodes) {
  const children = async (resourceId: string) => {
    const res = await fetch(`${target.origin}/api/admin-service/resources/${resourceId}`, {
      headers: target.headers,
    });
    const rows = (await res.json()) as unknown[];
    if (rows.length !== DATA_SET.tree) throw new Error(`${resourceId}: ${rows.length} children`);
    return sequential(`${target.origin}/api/admin-service/resources/${resourceId}`, target.headers);
  };
  await check(target, SEARCH);
  return {
    search: await sequential(target.url(SEARCH), target.headers),
    category: await children(nodes.category),
    menu: await children(nodes.menu),
  };
}

// ---- the run ----------------------------------------------------------------------------------

const cellOf = (m: Measured | undefined, c: Case) => {
  const error = m?.errors.get(c);
  return error ? `not measured: ${error.replaceAll('|', '/')}` : cell(m?.cases.get(c));
};
const cell = (f: Figures | undefined) => {
  if (!f) return '—';
  if (f.completed === 0) return `none answered within the ${LOAD.seconds} s run`;
  return `${int(f.rps)} req/s · p50 ${ms(f.p50)} · p99 ${ms(f.p99)}${f.failed > 0 ? ` · **${f.failed} failed**` : ''}`;
};
const memoryCell = (m: Measured | undefined) =>
  m ? `${int(m.memory.rss)} MiB (peak ${int(m.memory.peak)})` : '—';

function seedTable(report: Report, pgTimings: SeedTiming[], liteTimings: SeedTiming[]) {
  const seconds = (t: SeedTiming | undefined) => (t ? `${(t.ms / 1000).toFixed(1)} s` : '—');
  const total = (timings: SeedTiming[]) =>
    timings.filter((t) => t.label !== 'vacuum analyze').reduce((n, t) => n + t.ms, 0);
  report.table(
    ['table', 'rows', 'PostgreSQL', 'PGlite'],
    [
      ...pgTimings.map((t, i) => [
        t.label,
        t.rows > 0 ? int(t.rows) : '',
        seconds(t),
        seconds(liteTimings[i]),
      ]),
      [
        '**seed total** (without `vacuum analyze`)',
        int(pgTimings.reduce((n, t) => n + t.rows, 0)),
        `**${(total(pgTimings) / 1000).toFixed(1)} s**`,
        `**${(total(liteTimings) / 1000).toFixed(1)} s**`,
      ],
    ],
  );
}

/** Answers the PostgreSQL URL to create databases from, or undefined when none answers. */
export async function postgresBase(): Promise<string | undefined> {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return base;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function benchHttp(report: Report): Promise<void> {
  const base = await postgresBase();
  report.heading('The data access list over HTTP, side by side');
  if (!base) {
    report.line(
      '(left out: no PostgreSQL answers at BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    return;
  }
  report.line(
    `autocannon ${CONNECTIONS} connections, ${LOAD.warmup} s of warm-up, then ${LOAD.runs} run(s) of ${LOAD.seconds} s, ` +
      `medians${QUICK ? ' (BENCH_QUICK: not figures to report)' : ''}. Each server runs alone, in a child process ` +
      'on 127.0.0.1, with autocannon in the benchmark process on the same cores. Size 10, ' +
      `sorted by createdDate desc, in the application holding ${int(DATA_SET.dataAccesses)} data accesses. ` +
      'Gatehouse runs as `npm start` runs it, signed in as the administrator. The floor is bench/floor.ts: ' +
      'Fastify and pg over the same tables, no authentication, the page query and the count in parallel ' +
      '(`count(*)`, as the issue defines it), and again reading the total from the list_counts row the ' +
      "server's triggers keep, as the server itself now does for an unfiltered list.",
  );

  const passwordHash = await hashPassword(PASSWORD);
  console.log('  seeding PostgreSQL…');
  const postgres = await seededPostgres(base, passwordHash);
  const measured: Record<string, Measured> = {};
  const slow: Record<string, Awaited<ReturnType<typeof latencies>>> = {};
  let liteTimings: SeedTiming[] = [];
  let writeSignIns: ((report: Report) => void) | undefined;
  let writeBrowser: ((report: Report) => void) | undefined;
  try {
    console.log('  seeding PGlite…');
    const lite = await seededPglite(passwordHash);
    liteTimings = lite.timings;
    try {
      const onPg = await startGatehouse('Gatehouse, PostgreSQL', { DATABASE_URL: postgres.url });
      slow.pg = await latencies(onPg, postgres.nodes).catch(async (err) => {
        await onPg.child.stop();
        throw err;
      });
      measured.pg = await measureAll(onPg, [PAGE_0, OFFSET, SEARCH]);
      const signing = await startGatehouse('Gatehouse, PostgreSQL (sign-ins, Chromium)', {
        DATABASE_URL: postgres.url,
      });
      try {
        writeSignIns = await measureSignIns(
          {
            origin: signing.origin,
            listUrl: signing.url(PAGE_0),
            listHeaders: signing.headers,
            username: 'admin',
            password: PASSWORD,
          },
          LOAD.seconds,
        );
        writeBrowser = await measureBrowser({
          origin: signing.origin,
          username: 'admin',
          password: PASSWORD,
          applicationId: BIG_APP,
        });
      } finally {
        await signing.child.stop();
      }
      measured.floor = await measureAll(await startFloor(postgres.url, 'count'), [PAGE_0, OFFSET, SEARCH]);
      // The server reads an unfiltered list's total from counts its triggers keep; so can a floor.
      if (postgres.keptCounts)
        measured.kept = await measureAll(await startFloor(postgres.url, 'kept'), [PAGE_0, OFFSET]);
      const onLite = await startGatehouse('Gatehouse, PGlite', { GATEHOUSE_DATA_DIR: lite.dir });
      slow.lite = await latencies(onLite, lite.nodes).catch(async (err) => {
        await onLite.child.stop();
        throw err;
      });
      // The keyword search is left out under load on PGlite: one request at a time takes
      // hundreds of milliseconds there, so 50 at once queue past autocannon's 10 s timeout.
      measured.lite = await measureAll(onLite, [PAGE_0, OFFSET]);
    } finally {
      rmSync(lite.dir, { recursive: true, force: true });
    }
    if (PEER) {
      console.log(`  starting Directus ${DIRECTUS_VERSION}…`);
      const peer = await startDirectus(base, postgres.url);
      try {
        measured.directus = await measureAll(
          {
            label: `Directus ${DIRECTUS_VERSION}`,
            child: peer.child,
            headers: { authorization: `Bearer ${peer.token}` },
            url: (c) =>
              `${peer.origin}/items/data_accesses?filter%5Bapplication_id%5D%5B_eq%5D=${BIG_APP}` +
              `&sort=-created_at,-resource_id&limit=10&page=${c.page + 1}&meta=filter_count` +
              (c.keyword ? `&search=${encodeURIComponent(c.keyword)}` : ''),
            read: (body) => {
              const { data, meta } = body as { data: { id: string }[]; meta: { filter_count: number } };
              return { ids: data.map((r) => r.id), total: meta.filter_count };
            },
          },
          [PAGE_0, OFFSET, SEARCH],
        );
      } finally {
        await peer.close();
      }
    }
  } finally {
    await postgres.drop();
  }

  const { pg: onPg, floor, kept, lite, directus } = measured;
  const peerLabel = `Directus ${DIRECTUS_VERSION}`;
  report.table(
    [
      'request',
      'Gatehouse, PostgreSQL',
      'floor (Fastify + pg), count(*)',
      'floor, kept count',
      directus ? peerLabel : `${peerLabel} (BENCH_PEER=directus)`,
      'Gatehouse, PGlite',
      'Gatehouse / floor count(*) (req/s)',
      'Gatehouse / floor kept count',
      'Gatehouse / Directus (req/s)',
    ],
    [
      ...[PAGE_0, OFFSET, SEARCH].map((c) => {
        const ours = onPg?.cases.get(c);
        const theirs = directus?.cases.get(c);
        return [
          c.name,
          cellOf(onPg, c),
          cellOf(floor, c),
          cellOf(kept, c),
          cellOf(directus, c),
          cellOf(lite, c),
          ratio(ours?.rps ?? 0, floor?.cases.get(c)?.rps ?? 0),
          kept?.cases.has(c) ? ratio(ours?.rps ?? 0, kept.cases.get(c)!.rps) : '—',
          theirs ? ratio(ours?.rps ?? 0, theirs.rps) : '—',
        ];
      }),
      [
        'RSS after the runs',
        memoryCell(onPg),
        memoryCell(floor),
        memoryCell(kept),
        memoryCell(directus),
        memoryCell(lite),
        '',
        '',
        '',
      ],
    ],
  );
  const offsetRatio = (m: Measured | undefined) =>
    m ? ratio(m.cases.get(OFFSET)?.rps ?? 0, m.cases.get(PAGE_0)?.rps ?? 0) : '—';
  report.line(
    `Offset 9,000 / page 0 (req/s): Gatehouse on PostgreSQL ${offsetRatio(onPg)}, floor ${offsetRatio(floor)}, ` +
      `PGlite ${offsetRatio(lite)}${directus ? `, Directus ${offsetRatio(directus)}` : ''}.`,
  );

  report.heading('Every run', 3);
  report.table(
    ['server', 'request', 'run', 'req/s', 'p50', 'p99', 'answered', 'failed'],
    Object.values(measured).flatMap((m) =>
      [...m.cases].flatMap(([c, f]) =>
        f.runs.map((r, i) => [
          m.target.label,
          c.name,
          String(i + 1),
          int(r.rps),
          ms(r.p50),
          ms(r.p99),
          int(r.completed),
          int(r.failed),
        ]),
      ),
    ),
  );

  writeSignIns?.(report);
  writeBrowser?.(report);

  report.heading('One request at a time, Gatehouse over HTTP', 3);
  report.line(
    `${SEQUENTIAL} requests each after ${SEQUENTIAL_WARM_UP} to warm up; the time from sending to the last byte on ` +
      '127.0.0.1, with `fetch` from the benchmark process and then again from a worker thread of its own ' +
      '(bench/sequential-worker.mjs), whose heap holds nothing else: by then the benchmark process has seeded ' +
      'PGlite in-process and run the load generators, and its own garbage collection falls into its timings.',
  );
  const pair = (l: { p50: number; p95: number } | undefined) => (l ? `${ms(l.p50)} / ${ms(l.p95)}` : '—');
  const row = (label: string, pick: (l: Awaited<ReturnType<typeof latencies>>) => Sequential) => [
    label,
    pair(slow.pg && pick(slow.pg)),
    pair(slow.lite && pick(slow.lite)),
    pair(slow.pg && pick(slow.pg).fromWorker),
    pair(slow.lite && pick(slow.lite).fromWorker),
  ];
  report.table(
    [
      'request',
      'PostgreSQL p50 / p95',
      'PGlite p50 / p95',
      'from a worker: PostgreSQL p50 / p95',
      'from a worker: PGlite p50 / p95',
    ],
    [
      row(`keyword search "${KEYWORD}" over ${int(DATA_SET.dataAccesses)} data accesses`, (l) => l.search),
      row(
        `children of a category (${DATA_SET.tree} menus of ${DATA_SET.tree} elements each, with their child counts)`,
        (l) => l.category,
      ),
      row(`children of a menu (${DATA_SET.tree} elements)`, (l) => l.menu),
    ],
  );

  report.heading('The data set', 3);
  report.line(
    `${DATA_SET.applications} applications; \`${BIG_APP}\` holds ${int(DATA_SET.dataAccesses)} data accesses, ` +
      `${int(DATA_SET.permissions)} permissions, a resource tree of ${DATA_SET.tree} × ${DATA_SET.tree} × ${DATA_SET.tree} ` +
      `and ${int(DATA_SET.clients)} clients, the nine others ${int(DATA_SET.otherDataAccesses)} data accesses each; ` +
      `${int(DATA_SET.users)} users and ${int(DATA_SET.roles)} roles. Seeded by bench/dataset.ts with one ` +
      'insert … select generate_series per table (per level of the tree) on the migrated database with its trigram indexes dropped, then those indexes built again and `vacuum analyze`.',
  );
  seedTable(report, postgres.timings, liteTimings);
}
