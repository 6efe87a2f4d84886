/**
 * Configuration transfer (`BENCH_ONLY=config npm run bench`, issue 29), on PostgreSQL: an
 * application with CONFIG_BENCH_ROWS data accesses (100,000 by default) and a few of every
 * other kind, then, each step in a process of its own (bench/config-worker.ts) for its peak
 * RSS: the export to a file; the preview and the import of that file into an empty database;
 * the same import again, which changes nothing; and an import that renames every data access.
 * The databases are CONFIG_BENCH_DATABASE_URL (…/gh_config_bench by default) and a second one
 * beside it (…_target), both made afresh.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seed } from '../src/platform/seed.ts';
import { int, type Report } from './report.ts';

const ROWS = Number(process.env.CONFIG_BENCH_ROWS ?? 100_000);
const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/gh_config_bench';
const APP = 'bench-config';
const ROOT = new URL('../../..', import.meta.url).pathname;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** Drops and creates the database `url` names, migrated and seeded. */
async function fresh(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const handle = await openDatabase({ kind: 'postgres', url });
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: 'bench-config-password', print: () => {} });
  return handle;
}

type Step = { ms: number; maxRss: number; changes: number; wallMs: number };

function step(args: string[]): Step {
  const started = Date.now();
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'apps/server/bench/config-worker.ts'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return { ...JSON.parse(out.trim().split('\n').pop()!), wallMs: Date.now() - started };
}

export async function benchConfig(report: Report): Promise<void> {
  report.heading(`Configuration export and import, ${int(ROWS)} data accesses on PostgreSQL`, 3);
  const url = process.env.CONFIG_BENCH_DATABASE_URL ?? URL_DEFAULT;
  const targetUrl = url.replace(/\/([^/?]+)(\?|$)/, '/$1_target$2');
  let source: Awaited<ReturnType<typeof fresh>>;
  try {
    source = await fresh(url);
  } catch (err) {
    report.line(`(left out: no PostgreSQL at CONFIG_BENCH_DATABASE_URL ${url}: ${(err as Error).message})`);
    return;
  }
  const db = source.db;
  await db.execute(sql`insert into applications (application_id, name) values (${APP}, 'Config bench')`);
  await db.execute(
    sql`insert into data_objects (application_id, code, name) values (${APP}, 'order', 'Order')`,
  );
  await db.execute(sql`
    insert into data_accesses (application_id, id, name, category, object_id)
    select ${APP}, 'da-' || lpad(i::text, 6, '0'), 'Data access ' || i, 'category-' || (i % 10),
           case when i % 100 = 0 then (select object_id from data_objects where application_id = ${APP}) end
    from generate_series(0, ${ROWS - 1}) as i`);
  await db.execute(sql`
    insert into permissions (application_id, id, name, resource_type)
    select ${APP}, 'p-' || i, 'Permission ' || i, 'API' from generate_series(0, 99) as i`);
  await db.execute(sql`
    insert into resources (application_id, id, name, type, "order") values (${APP}, 'root', 'Root', 'CATEGORY', 1)`);
  await source.close();
  await (await fresh(targetUrl)).close();

  const file = join(tmpdir(), `gh-config-bench-${process.pid}.json`);
  const renamed = join(tmpdir(), `gh-config-bench-${process.pid}-renamed.json`);
  const rows: string[][] = [];
  const add = (label: string, s: Step, note = '') =>
    rows.push([label, (s.ms / 1000).toFixed(2), (s.wallMs / 1000).toFixed(2), mib(s.maxRss), note]);

  const exported = step(['export', url, APP, file]);
  add('export to a file', exported, `${mib(statSync(file).size)} of JSON`);
  add('preview into an empty database', step(['preview', targetUrl, file]));
  const first = step(['import', targetUrl, file]);
  add('import into an empty database', first, `${int(first.changes)} records created`);
  add('the same import again', step(['import', targetUrl, file]), 'no change');
  const document = JSON.parse(readFileSync(file, 'utf8'));
  for (const d of document.dataAccesses) d.name = `${d.name} (renamed)`;
  writeFileSync(renamed, JSON.stringify(document));
  const updated = step(['import', targetUrl, renamed]);
  add('an import renaming every data access', updated, `${int(updated.changes)} records updated`);
  execFileSync('rm', ['-f', file, renamed]);
  report.table(['step', 's (the step)', 's (the process)', 'peak RSS', ''], rows);
  report.line(
    'Each step runs in a process of its own: its peak RSS is that process\'s, Node and the modules included (some 100 MiB before any work). "The step" is the time after the modules loaded; "the process" adds starting Node and loading them.',
  );
}
