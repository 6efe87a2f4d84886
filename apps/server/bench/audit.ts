/**
 * The audit trail's benchmark (`BENCH_ONLY=audit npm run bench`), on PostgreSQL: a database
 * filled with AUDIT_BENCH_ROWS records (1,000,000 by default; the issue's figure is
 * 10,000,000), then, at the server through `app.inject`:
 *  - the list's page 0, a cursor page a million records deep (or as deep as the rows allow),
 *    and a filter by entity and record (each run a different record);
 *  - over HTTP on 127.0.0.1, the export of the newest million records (or all) as JSON Lines,
 *    read by curl: rows per second, and the server process's peak RSS against its RSS just before.
 * The database is AUDIT_BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/gh_audit_bench
 * by default), kept between runs: a run that finds it filled with as many records reuses them.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { hashPassword } from '../src/modules/passwords/hashing.ts';
import { seed } from '../src/platform/seed.ts';
import { int, quantile, type Report } from './report.ts';

const ROWS = Number(process.env.AUDIT_BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const DEPTH = 1_000_000;
const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/gh_audit_bench';
const PASSWORD = randomBytes(18).toString('base64url');
/** Rows per insert statement while filling. */
const FILL_CHUNK = 250_000;
const ENTITIES = [
  'user',
  'role',
  'group',
  'application',
  'application-client',
  'resource',
  'permission',
  'data-access',
];
/** Distinct records per entity: a record's history is then about ROWS / (8 × this) entries. */
const RECORDS_PER_ENTITY = 50_000;

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Fills audit_log with `rows` records spread over the last year: eight entities, their
 * records, 1,000 actors, 50 applications and a before and after of a few fields each.
 */
async function fill(db: Awaited<ReturnType<typeof openDatabase>>['db'], rows: number): Promise<number> {
  const started = performance.now();
  await db.execute(sql`truncate audit_log restart identity`);
  await db.execute(sql`update audit_chain set sealed_id = 0, sealed_hash = null, pending_id = null,
    pending_xid = null, purged_id = 0, purged_hash = null`);
  const entities = sql.raw(`array[${ENTITIES.map((e) => `'${e}'`).join(',')}]`);
  const seconds = Math.max(1, Math.floor((365 * 24 * 3600) / rows));
  for (let start = 1; start <= rows; start += FILL_CHUNK) {
    const end = Math.min(rows, start + FILL_CHUNK - 1);
    await db.execute(sql`
      insert into audit_log (at, actor_id, actor_name, action, entity, entity_id, application_id,
                             before, after, ip, request_id)
      select now() - ((${rows}::bigint - i) * ${seconds}) * interval '1 second',
             'u-' || (i % 1000), 'user' || (i % 1000),
             (array['create','update','update','update','status','delete','login','login.failed'])[1 + i % 8],
             (${entities})[1 + (i / 7) % 8],
             'r-' || ((i * 7919) % ${RECORDS_PER_ENTITY}),
             case when i % 3 = 0 then null else 'app-' || (i % 50) end,
             jsonb_build_object('name', 'before ' || i, 'status', 'ENABLED', 'description', 'a record of the benchmark'),
             jsonb_build_object('name', 'after ' || i, 'status', 'DISABLED', 'description', 'a record of the benchmark'),
             '10.0.' || (i % 250) || '.' || (i % 200), 'req-' || i
      from generate_series(${start}::bigint, ${end}::bigint) as i`);
    process.stdout.write(`\r  filled ${int(end)} of ${int(rows)} records`);
  }
  // VACUUM as well: it sets the visibility map, without which no index-only scan skips the
  // heap. Autovacuum does it on an append-only table in production (its insert threshold);
  // the shared test server runs with autovacuum off.
  await db.execute(sql`vacuum analyze audit_log`);
  process.stdout.write('\n');
  return performance.now() - started;
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { median: quantile(s, 0.5), p95: quantile(s, 0.95) };
}

export async function benchAudit(report: Report): Promise<void> {
  report.heading(`Audit trail, ${int(ROWS)} records on PostgreSQL`, 3);
  const url = process.env.AUDIT_BENCH_DATABASE_URL ?? URL_DEFAULT;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ kind: 'postgres', url });
    await handle.db.execute(sql`select 1`);
  } catch (err) {
    report.line(`(left out: no database at AUDIT_BENCH_DATABASE_URL ${url}: ${(err as Error).message})`);
    return;
  }
  const { db } = handle;
  await migrateDatabase(handle);
  await seed(db, { adminPassword: PASSWORD, print: () => {} });
  // The administrator's password is new on every run: set it again on a kept database.
  await db.execute(
    sql`update users set password_hash = ${await hashPassword(PASSWORD)}, must_change_password = false where username = 'admin'`,
  );

  const [{ n: present = 0 } = {}] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from audit_log`),
  );
  const notes: string[] = [];
  if (Math.abs(present - ROWS) > 1000) {
    console.log(`  filling ${int(ROWS)} audit records…`);
    const took = await fill(db, ROWS);
    notes.push(`filled in ${(took / 1000).toFixed(0)} s`);
  } else {
    notes.push(`reused the ${int(present)} records of an earlier run`);
  }
  const [{ bytes } = { bytes: 0 }] = rowsOf<{ bytes: string }>(
    await db.execute(sql`select pg_total_relation_size('audit_log')::bigint as bytes`),
  );
  notes.push(`audit_log with its indexes: ${mib(Number(bytes))}`);

  const app = buildApp({
    db,
    logger: false,
    config: { webDir: '/nonexistent', auditSealIntervalMs: 0, auditPurgeCheckIntervalMs: 0 },
  });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/oauth2-server/login',
      payload: { username: 'admin', password: PASSWORD },
    });
    const token = login.json().result.token as string;
    const get = (path: string) =>
      app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    const base = '/api/admin-service/v2/audit';

    const depth = Math.min(DEPTH, Math.max(0, ROWS - 100));
    const [deep] = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text from audit_log order by id desc offset ${depth} limit 1`),
    );
    const cursor = Buffer.from(`a${deep?.id ?? 1}`).toString('base64url');
    const records = Array.from({ length: RUNS + 3 }, (_, i) => ({
      entity: ENTITIES[i % ENTITIES.length]!,
      id: `r-${(i * 104_729) % RECORDS_PER_ENTITY}`,
    }));

    const cases: [string, (i: number) => string][] = [
      ['page 0 (size 20)', () => `${base}?size=20`],
      [`cursor page ${int(depth)} deep`, () => `${base}?size=20&cursor=${cursor}`],
      [
        'entity + record filter',
        (i) => `${base}?size=20&entity=${records[i]!.entity}&entityId=${records[i]!.id}`,
      ],
    ];
    const rows: string[][] = [];
    for (const [name, path] of cases) {
      for (let i = 0; i < 3; i++) await get(path(i));
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await get(path(i + 3));
        samples.push(performance.now() - t);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      }
      const s = stats(samples);
      console.log(`  ${name.padEnd(30)} median ${fmt(s.median)}  p95 ${fmt(s.p95)}`);
      rows.push([name, fmt(s.median), fmt(s.p95)]);
    }

    // The export over HTTP, so that the answer streams as it would to a browser.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const exportRows = Math.min(DEPTH, ROWS);
    const [edge] = rowsOf<{ at: string }>(
      await db.execute(
        sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from audit_log order by id desc offset ${exportRows - 1} limit 1`,
      ),
    );
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t = performance.now();
    // The reader is curl in a process of its own, so the RSS measured is the server's alone;
    // it counts the lines as they arrive and keeps none.
    const lines = await new Promise<number>((resolve, reject) => {
      const curl = spawn('sh', ['-c', 'curl -sf -H "authorization: Bearer $TOKEN" "$URL" | wc -l'], {
        env: {
          ...process.env,
          TOKEN: token,
          URL: `http://127.0.0.1:${port}${base}/export?format=jsonl&from=${encodeURIComponent(edge!.at)}`,
        },
      });
      let out = '';
      curl.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      curl.on('error', reject);
      curl.on('close', () => resolve(Number(out.trim())));
    });
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    notes.push(
      `export of the newest ${int(lines)} records as JSON Lines: ${int(lines / seconds)} rows/s ` +
        `(${seconds.toFixed(1)} s); the server's RSS ${mib(idle)} before, peak ${mib(peak)} (+${mib(peak - idle)}), ` +
        'read by curl in another process',
    );
    report.line(`${notes.join('; ')}.`);
    report.table(['case (server, app.inject)', 'median', 'p95'], rows);
  } finally {
    await app.close();
    await handle.close();
  }
}
