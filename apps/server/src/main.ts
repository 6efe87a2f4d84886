import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { unpackDataDir, VERSION_FILE } from './db/pglite-template.ts';
import { runningServer, serveBackups } from './lib/pglite-backup.ts';
import { resolveSecretKey } from './lib/server-key.ts';
import { seed } from './platform/seed.ts';

/** How long SIGTERM or SIGINT waits for in-flight requests before the process exits anyway. */
const SHUTDOWN_CAP_MS = 10_000;

/** At most this long after the signal, open connections are left to send what they hold. */
const DRAIN_MS = 1_000;

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
  response.shouldKeepAlive = false;
}

/** Resolves when `server` has no open connection, or after `ms`. */
async function drained(server: Server, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const open = await new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n ?? 0)));
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Where the server build (build.mjs) leaves a new embedded database, through initdb and migrated. */
const PGLITE_TEMPLATE = fileURLToPath(new URL('../dist/pglite-template.tar', import.meta.url));

/**
 * An empty data directory starts from the build's template when there is one, instead of
 * running initdb, which takes most of a new installation's first start. The migrations then
 * apply whatever the template lacks, as on any start.
 */
function startFromTemplate(dataDir: string): void {
  if (existsSync(join(dataDir, VERSION_FILE)) || !existsSync(PGLITE_TEMPLATE)) return;
  unpackDataDir(PGLITE_TEMPLATE, dataDir);
}

/** Reads the environment, prepares the database and serves until SIGTERM or SIGINT. */
async function main() {
  const loaded = loadConfigOrExit();
  const config = {
    ...loaded,
    secretKey: resolveSecretKey({
      fromEnv: loaded.secretKey,
      dataDir: loaded.dataDir,
      embedded: !loaded.databaseUrl,
    }),
  };
  if (!config.databaseUrl) {
    // Only one process may have an embedded database open; a second would corrupt its files.
    const other = runningServer(config.dataDir);
    if (other !== undefined) {
      process.stderr.write(
        `Gatehouse cannot start: another server (pid ${other}) has the embedded database in ${config.dataDir} open.\n`,
      );
      process.exit(1);
    }
    startFromTemplate(config.dataDir);
  }
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, statementTimeoutMs: config.databaseStatementTimeoutMs }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: config.adminPassword });

  const app = buildApp({ db: handle.db, listen: handle.listen, databaseUsage: handle.usage, config });
  let backups: { close: () => void } | undefined;
  app.log.info(
    { database: handle.kind === 'postgres' ? 'postgresql' : `pglite:${config.dataDir}` },
    'database ready',
  );

  // Answers in progress when the signal comes, and any after it, close their connection, so
  // no keep-alive client holds the stop open or sends a next request into it.
  let stopping = false;
  const answering = new Set<ServerResponse>();
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (stopping) return closeAfter(response);
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal means "now": skip waiting for in-flight requests.
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'stopping');
    for (const response of answering) closeAfter(response);
    // In-flight requests get SHUTDOWN_CAP_MS to finish; then the process leaves without them.
    setTimeout(() => {
      app.log.error({ signal }, 'in-flight requests did not finish in time; stopping without them');
      process.exit(1);
    }, SHUTDOWN_CAP_MS).unref();
    try {
      // A request a client sent just before the signal may still wait, unread, on an open
      // connection, which closing would reset as idle: it is read and answered first.
      await drained(app.server, DRAIN_MS);
      // New requests get 503 while in-flight ones finish; idle keep-alive sockets close.
      await app.close();
      backups?.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'stop failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The embedded database is copied by this process on request (npm run gatehouse -- backup).
  if (handle.kind === 'pglite') backups = serveBackups(handle.client, config.dataDir, app.log);
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // A fixed line that scripts and tests wait for; with PORT=0 it carries the chosen port.
  process.stdout.write(`Gatehouse listening on http://${host}:${address.port}\n`);
}

main().catch((err: unknown) => {
  console.error('Gatehouse failed to start:', err);
  process.exit(1);
});
