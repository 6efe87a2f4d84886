import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };

/** One type for both drivers, so every repository serves PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;
/** What repositories take: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/** What a listener is told: each notification's payload, and whether it may have missed some. */
export type ChannelHandlers = {
  onNotify: (payload: string) => void;
  /** False while the subscription is down (notifications may be missed), true once it is up. */
  onState: (live: boolean) => void;
};
/** Subscribes to a notification channel (`NOTIFY`); the answer ends the subscription. */
export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<{ close: () => Promise<void> }>;

/** The database connections at a moment: the pool's, or PGlite's one connection. */
export type ConnectionUsage = {
  /** The most that are opened (1 for PGlite). */
  max: number;
  /** Open now. */
  total: number;
  /** Open and unused. */
  idle: number;
  /** Queries or transactions waiting for a connection. */
  waiting: number;
};

/** What the metrics read of a database (plugins/metrics.ts); both are cheap to read at any time. */
export type DatabaseUsage = {
  connections: () => ConnectionUsage;
  /** Statements the database refused or could not run, by SQL state (or socket error code), since the start. */
  statementErrors: ReadonlyMap<string, number>;
};

type HandleParts = { db: Database; listen: Listen; usage: DatabaseUsage; close: () => Promise<void> };

export type DatabaseHandle =
  | (HandleParts & { kind: 'pglite'; client: PGlite })
  | (HandleParts & { kind: 'postgres'; pool: pg.Pool });

/**
 * A failed statement's label: its SQL state (23505, 57014…), else the socket error of a lost
 * or refused connection (ECONNRESET…), else `unknown`. Both sets are finite, so the counts stay few.
 */
function failureCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || /^E[A-Z]{2,20}$/.test(code))) return code;
  return 'unknown';
}

/** Counts failed statements by code; `failed` is handed to the drivers' wrappers below. */
function statementErrorCounter() {
  const counts = new Map<string, number>();
  const failed = (err: unknown) => {
    const code = failureCode(err);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  };
  return { counts, failed };
}

/**
 * Wraps a node-postgres client's `query` so a failed statement is counted: the promise form
 * that drizzle uses, and the callback form of `pool.query`. The caller gets the same answer.
 */
function countFailedQueries(client: pg.ClientBase, failed: (err: unknown) => void): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function countedQuery(this: pg.ClientBase, ...args: unknown[]) {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        if (err) failed(err);
        return callback(err, ...rest);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args);
    // A side branch: the caller's own promise is returned unchanged, and still rejects.
    if (answer instanceof Promise) answer.then(undefined, failed);
    return answer;
  } as typeof client.query;
}

/**
 * Wraps PGlite's `query` and `transaction` (what drizzle calls) to count failed statements
 * and the work in hand: PGlite runs one statement or transaction at a time on its one
 * connection, so all but one of those in hand wait for it.
 */
function observePglite(client: PGlite, failed: (err: unknown) => void): () => ConnectionUsage {
  let inHand = 0;
  const counted = async <T>(statement: () => Promise<T>): Promise<T> => {
    try {
      return await statement();
    } catch (err) {
      failed(err);
      throw err;
    }
  };
  const inHandWhile = async <T>(work: () => Promise<T>): Promise<T> => {
    inHand++;
    try {
      return await work();
    } finally {
      inHand--;
    }
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    inHandWhile(() => counted(() => query(...args)))) as PGlite['query'];
  // A transaction is in hand as one piece of work; what fails is its statements, not the
  // transaction (its callback may throw for reasons of its own, which are no statement's).
  client.transaction = (<T>(work: Parameters<PGlite['transaction']>[0]) =>
    inHandWhile(() =>
      transaction((tx) => {
        const inner = tx.query.bind(tx);
        tx.query = ((...args: Parameters<typeof tx.query>) =>
          counted(() => inner(...args))) as typeof tx.query;
        return work(tx) as Promise<T>;
      }),
    )) as PGlite['transaction'];
  return () => ({ max: 1, total: 1, idle: inHand === 0 ? 1 : 0, waiting: Math.max(0, inHand - 1) });
}

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own, outside the pool. When the connection drops, the
 * listener hears `onState(false)` and it reconnects after a pause, then `onState(true)`.
 */
function listenOnPostgres(driver: typeof pg, url: string): Listen {
  return async (channel, { onNotify, onState }) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    let current: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const again = () => {
      if (closed) return;
      retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
      retry.unref();
    };
    const connect = async () => {
      const client = new driver.Client({ connectionString: url });
      const lost = () => {
        if (current !== client) return;
        current = undefined;
        onState(false);
        client.end().catch(() => {});
        again();
      };
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
        current = client;
        onState(true);
      } catch {
        client.end().catch(() => {});
        again();
      }
    };
    await connect();
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        const client = current;
        current = undefined;
        onState(false);
        await client?.end().catch(() => {});
      },
    };
  };
}

/** PGlite is one session in this process: what it notifies reaches its own listeners. */
function listenOnPglite(client: PGlite): Listen {
  return async (channel, { onNotify, onState }) => {
    const unlisten = await client.listen(channel, onNotify);
    onState(true);
    return {
      close: async () => {
        onState(false);
        await unlisten();
      },
    };
  };
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** PostgreSQL's statement_timeout on every pooled connection; 0 or unset: none. */
      statementTimeoutMs?: number;
    };

/**
 * PGlite's PostgreSQL settings. PostgreSQL runs inside this process, so its memory is the
 * server's memory; and PGlite reads the data files through the operating system's page
 * cache, which already keeps the recently read ones. So:
 * - shared_buffers 16MB instead of 128MB: the pool is set up at every start (a 128MB pool
 *   made the start slower and the idle process larger; docs/performance.md), while the hot pages
 *   of a list (an index path and ten rows per page) fit many times over; a page that is not
 *   there costs a read from the page cache, not from the disk.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

/**
 * PGlite is PostgreSQL compiled to WebAssembly, and V8 compiles its hot functions a second
 * time with its optimising compiler (TurboFan), on background threads. That second tier is
 * what made a restarted server's memory move from one start to the next: the compilers'
 * working memory stays with the allocator, and it ran beside the start on both cores. With the
 * baseline compiler (Liftoff) alone an idle server holds less memory and starts sooner, for a
 * small part of the list's requests per second under load (the figures are in
 * docs/performance.md). These are V8's ordinary switches for the tiers (not
 * `--liftoff-only`, a testing flag under which a function Liftoff cannot compile aborts the
 * process instead of going to TurboFan). They are read when a module is compiled, so they are
 * set before PGlite loads; they concern every WebAssembly module in the process, of which
 * PGlite is nearly all here (fetch's HTTP parser is the other).
 */
function baselineWasmOnly() {
  setFlagsFromString('--no-wasm-tier-up');
  setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Opens PGlite (on disk when `dataDir` is given, in memory otherwise) or a node-postgres
 * pool. The caller runs the migrations. Only the driver in use is loaded: the other one would
 * add to the start-up time and stay in memory unused.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.max ?? 10,
      // Sent with each connection's start-up: a statement stuck on a lock or a slow plan is
      // cancelled (57014) and its connection returns to the pool, instead of holding it.
      ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : {}),
    });
    // An idle client that loses its connection emits 'error' on the pool; without a
    // listener that would crash the process instead of failing the next query.
    pool.on('error', () => {});
    // A client checked out of the pool (inside a transaction, between two statements) that
    // loses its connection emits 'error' on itself: without a listener that crashed the
    // process when PostgreSQL stopped under load. The statement it runs next fails instead,
    // and is answered 503 like any other.
    const errors = statementErrorCounter();
    pool.on('connect', (client) => {
      client.on('error', () => {});
      countFailedQueries(client, errors.failed);
    });
    const db: Database = drizzlePg({ client: pool, schema });
    const max = pool.options.max ?? 10;
    const usage: DatabaseUsage = {
      connections: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      statementErrors: errors.counts,
    };
    return {
      kind: 'postgres',
      db,
      pool,
      listen: listenOnPostgres(pg, target.url),
      usage,
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  baselineWasmOnly();
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create({
    // Trigram indexes make keyword search (ILIKE '%…%') an index scan, as on PostgreSQL.
    extensions: { pg_trgm },
    postgresqlconf: PGLITE_SETTINGS,
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    // A ready-made data directory skips initdb, the slow part of opening a new database.
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  const errors = statementErrorCounter();
  const connections = observePglite(client, errors.failed);
  const db: Database = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    client,
    listen: listenOnPglite(client),
    usage: { connections, statementErrors: errors.counts },
    close: () => client.close(),
  };
}
