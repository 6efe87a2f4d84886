import { performance } from 'node:perf_hooks';

/**
 * The benchmark data set of issue 11, written as plain SQL so that the same statements seed
 * PostgreSQL (node-postgres) and PGlite alike, on a database the server's migrations have
 * built. Every statement generates its rows in the database (`generate_series`, one
 * multi-row insert per table), which is what keeps the whole set well under two minutes.
 */

/** The application that holds the big tables; the other nine hold a few rows each. */
export const BIG_APP = 'bench-app-0';

export const DATA_SET = {
  applications: 10,
  /** In the big application. */
  dataAccesses: 100_000,
  /** In each of the nine others, so the list index holds other applications' entries too. */
  otherDataAccesses: 1_000,
  permissions: 100_000,
  /** Categories × menus per category × elements per menu. */
  tree: 100,
  clients: 10_000,
  users: 100_000,
  roles: 1_000,
} as const;

/** The keyword of the search cases: it matches one data access, found by a scan of all. */
export const KEYWORD = 'data access 12345';

/** The category and menu whose children the tree case lists (100 each). */
export const TREE_CATEGORY = 'c0';
export const TREE_MENU = 'c0-m0';

export type SeedStep = { label: string; rows: number; sql: string };

/** Row i of `count` is created i seconds after the first, the last one about now. */
const createdAt = (count: number) => `now() - (${count} - i) * interval '1 second'`;

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The statements, in order; `passwordHash` is shared by every seeded user (never signed in). */
export function seedSteps(passwordHash: string): SeedStep[] {
  const d = DATA_SET;
  const big = literal(BIG_APP);
  const n = d.tree;
  return [
    {
      label: 'applications',
      rows: d.applications,
      sql: `insert into applications (application_id, name)
        select 'bench-app-' || a, 'Bench application ' || a from generate_series(0, ${d.applications - 1}) a`,
    },
    {
      label: 'data accesses',
      rows: d.dataAccesses + (d.applications - 1) * d.otherDataAccesses,
      sql: `insert into data_accesses (application_id, id, name, category, created_at, updated_at)
        select ${big}, 'da-' || lpad(i::text, 6, '0'), 'Data access ' || i, 'category-' || (i % 10),
               ${createdAt(d.dataAccesses)}, ${createdAt(d.dataAccesses)}
        from generate_series(0, ${d.dataAccesses - 1}) i
        union all
        select 'bench-app-' || a, 'da-' || lpad(i::text, 6, '0'), 'Data access ' || i, 'category-' || (i % 10),
               ${createdAt(d.otherDataAccesses)}, ${createdAt(d.otherDataAccesses)}
        from generate_series(1, ${d.applications - 1}) a, generate_series(0, ${d.otherDataAccesses - 1}) i`,
    },
    {
      label: 'permissions',
      rows: d.permissions,
      sql: `insert into permissions (application_id, id, name, resource_type, created_at, updated_at)
        select ${big}, 'perm-' || lpad(i::text, 6, '0'), 'Permission ' || i, 'API',
               ${createdAt(d.permissions)}, ${createdAt(d.permissions)}
        from generate_series(0, ${d.permissions - 1}) i`,
    },
    {
      label: `resource tree ${n} × ${n} × ${n}`,
      rows: n + n * n + n * n * n,
      // One statement per level: each level's parents are read back by their ids.
      sql: `insert into resources (application_id, id, name, type, "order", icon)
          select ${big}, 'c' || c, 'Category ' || c, 'CATEGORY', c + 1, 'AppstoreOutlined'
          from generate_series(0, ${n - 1}) c;
        insert into resources (application_id, id, name, type, url, "order", parent_id)
          select ${big}, p.id || '-m' || m, 'Menu ' || m, 'MENU', '/' || p.id || '/m' || m, m + 1, p.resource_id
          from resources p, generate_series(0, ${n - 1}) m
          where p.application_id = ${big} and p.type = 'CATEGORY';
        insert into resources (application_id, id, name, type, "order", parent_id)
          select ${big}, p.id || '-e' || e, 'Element ' || e, 'ELEMENT', e + 1, p.resource_id
          from resources p, generate_series(0, ${n - 1}) e
          where p.application_id = ${big} and p.type = 'MENU'`,
    },
    {
      label: 'clients',
      rows: d.clients,
      sql: `insert into application_clients
          (application_id, client_name, client, id, secret_hash, redirect_url, created_at, updated_at)
        select ${big}, 'Client ' || i, 'bench-client-' || lpad(i::text, 5, '0'), 'reg-' || lpad(i::text, 5, '0'),
               encode(sha256(('secret-' || i)::bytea), 'hex'), 'http://127.0.0.1:4000/cb',
               ${createdAt(d.clients)}, ${createdAt(d.clients)}
        from generate_series(0, ${d.clients - 1}) i`,
    },
    {
      label: 'users',
      rows: d.users,
      sql: `insert into users (username, name, email, password_hash, created_at, updated_at)
        select 'user-' || lpad(i::text, 6, '0'), 'User ' || i, 'user' || i || '@example.com', ${literal(passwordHash)},
               ${createdAt(d.users)}, ${createdAt(d.users)}
        from generate_series(0, ${d.users - 1}) i`,
    },
    {
      label: 'roles',
      rows: d.roles,
      sql: `insert into roles (name, code, created_at, updated_at)
        select 'Role ' || i, 'bench-role-' || i, ${createdAt(d.roles)}, ${createdAt(d.roles)}
        from generate_series(0, ${d.roles - 1}) i`,
    },
  ];
}

export type SeedTiming = { label: string; rows: number; ms: number };

/**
 * Runs the steps with `exec` (a simple-query call: several statements may share one string),
 * then refreshes the planner's statistics and the visibility map as autovacuum would soon
 * after a bulk load. The trigram (GIN) indexes write each row as it comes (migration 0012), which
 * made a bulk load of 1.3 million rows crawl; as bulk loaders do, they are dropped for the
 * load and built again after it, from their own definitions. Answers each step's time, the
 * last ones being that rebuild and `vacuum analyze`.
 */
export async function seedDataSet(
  exec: (sql: string) => Promise<unknown>,
  passwordHash: string,
): Promise<SeedTiming[]> {
  const timings: SeedTiming[] = [];
  const timed = async (label: string, rows: number, sql: string) => {
    const t = performance.now();
    await exec(sql);
    timings.push({ label, rows, ms: performance.now() - t });
  };
  // A plpgsql block keeps the definitions, so `exec` needs to answer no rows.
  await exec(`
    create temporary table bench_gin_indexes as
      select c.relname as name, pg_get_indexdef(c.oid) as def
      from pg_class c join pg_am am on am.oid = c.relam
      where c.relkind = 'i' and am.amname = 'gin' and c.relnamespace = current_schema()::regnamespace;
    do $$ declare i record; begin
      for i in select name from bench_gin_indexes loop execute format('drop index %I', i.name); end loop;
    end $$;`);
  for (const step of seedSteps(passwordHash)) await timed(step.label, step.rows, step.sql);
  await timed(
    'trigram indexes built again',
    0,
    `do $$ declare i record; begin
       for i in select def from bench_gin_indexes loop execute i.def; end loop;
     end $$;
     drop table bench_gin_indexes;`,
  );
  await timed('vacuum analyze', 0, 'vacuum analyze');
  return timings;
}
