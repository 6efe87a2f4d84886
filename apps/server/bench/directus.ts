import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type Child, freePort, startChild, waitUntilServing } from './children.ts';

/**
 * The peer of the HTTP benchmark (BENCH_PEER=directus): Directus, installed with npm into a
 * folder of its own under the system's temporary directory, never into this repository's
 * dependencies. The install (about 1,100 packages, 5 minutes here) is kept there and reused
 * by the next run; delete the folder to install afresh. 11.3.x is the newest line that runs
 * on Node 20 (`engines: node >=18`).
 */
export const DIRECTUS_VERSION = process.env.BENCH_DIRECTUS_VERSION ?? '11.3.5';

const run = promisify(execFile);

/** The installed Directus's folder, installing it first when it is not there yet. */
async function install(): Promise<string> {
  const dir = join(tmpdir(), `gatehouse-bench-directus-${DIRECTUS_VERSION}`);
  const installed = join(dir, 'node_modules/directus/package.json');
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === DIRECTUS_VERSION)
    return dir;
  mkdirSync(dir, { recursive: true });
  // A package of its own, so npm installs here and not into the workspace above.
  writeFileSync(join(dir, 'package.json'), '{ "name": "bench-directus", "private": true }\n');
  console.log(`(installing directus@${DIRECTUS_VERSION} into ${dir}: a few minutes)`);
  await run('npm', ['install', '--no-audit', '--no-fund', `directus@${DIRECTUS_VERSION}`], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  return dir;
}

/** The same table as Gatehouse's: its columns, keys and indexes (the foreign keys aside). */
const TABLE = `
  create table data_accesses (
    resource_id uuid primary key default gen_random_uuid(),
    application_id text not null,
    id text not null,
    name text not null,
    category text not null,
    object_id uuid,
    set_id uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint data_accesses_application_id_id_key unique (application_id, id)
  );
  create index data_accesses_app_created_idx
    on data_accesses (application_id, created_at desc nulls first, resource_id desc nulls first);
  create index data_accesses_app_category_idx on data_accesses (application_id, category);
  create index data_accesses_object_idx on data_accesses (object_id);
  create index data_accesses_set_idx on data_accesses (set_id)`;

/** Copies every data access row of Gatehouse's database, key for key, in batches. */
async function copyRows(from: pg.Client, to: pg.Client): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let copied = 0;
  for (;;) {
    const { rows } = await from.query(
      `select resource_id, application_id, id, name, category, object_id, set_id, created_at, updated_at
       from data_accesses where resource_id > $1 order by resource_id limit 10000`,
      [after],
    );
    if (rows.length === 0) return copied;
    const column = (name: string) => rows.map((r) => r[name]);
    await to.query(
      `insert into data_accesses
       select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::uuid[],
                            $8::timestamptz[], $9::timestamptz[])`,
      [
        'resource_id',
        'application_id',
        'id',
        'name',
        'category',
        'object_id',
        'set_id',
        'created_at',
        'updated_at',
      ].map(column),
    );
    copied += rows.length;
    after = rows.at(-1).resource_id;
  }
}

export type Peer = { child: Child; origin: string; token: string; close: () => Promise<void> };

/**
 * Directus on a new database of the PostgreSQL server at `base`, holding the data_accesses
 * table and rows of Gatehouse's database at `source`, registered as a collection and read
 * with a static token of its administrator.
 */
export async function startDirectus(base: string, source: string): Promise<Peer> {
  const dir = await install();
  const name = `directus_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let child: Child | undefined;
  const close = async () => {
    await child?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    for (const sub of ['extensions', 'uploads']) mkdirSync(join(dir, sub), { recursive: true });
    const env = {
      ...process.env,
      KEY: randomBytes(16).toString('hex'),
      SECRET: randomBytes(32).toString('hex'),
      DB_CLIENT: 'pg',
      DB_CONNECTION_STRING: url.toString(),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      TELEMETRY: 'false',
      // On by default, it answers 503 "Under pressure" once the event loop lags; Gatehouse
      // and the floor shed no load, so neither does Directus here.
      PRESSURE_LIMITER_ENABLED: 'false',
      EXTENSIONS_PATH: join(dir, 'extensions'),
      STORAGE_LOCAL_ROOT: join(dir, 'uploads'),
    };
    const cli = join(dir, 'node_modules/directus/cli.js');
    await run(process.execPath, [cli, 'bootstrap'], { cwd: dir, env });

    const db = new pg.Client({ connectionString: url.toString() });
    const gatehouse = new pg.Client({ connectionString: source });
    await Promise.all([db.connect(), gatehouse.connect()]);
    const token = randomBytes(24).toString('base64url');
    try {
      await db.query(TABLE);
      await copyRows(gatehouse, db);
      await db.query(`insert into directus_collections (collection) values ('data_accesses')`);
      await db.query('update directus_users set token = $1 where email = $2', [token, env.ADMIN_EMAIL]);
      await db.query('vacuum analyze data_accesses');
    } finally {
      await Promise.all([db.end(), gatehouse.end()]);
    }

    child = startChild(process.execPath, [cli, 'start'], { cwd: dir, env });
    await waitUntilServing(child, `${origin}/server/ping`);
    return { child, origin, token, close };
  } catch (err) {
    await close();
    throw err;
  }
}
