import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { resolveSecretKey } from './lib/server-key.ts';
import { seed } from './platform/seed.ts';

/** Reads the environment, prepares the database and serves until SIGTERM or SIGINT. */
async function main() {
  const loaded = loadConfig();
  const config = {
    ...loaded,
    secretKey: resolveSecretKey({
      fromEnv: loaded.secretKey,
      dataDir: loaded.dataDir,
      embedded: !loaded.databaseUrl,
    }),
  };
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: config.adminPassword });

  const app = buildApp({ db: handle.db, listen: handle.listen, config });
  app.log.info(
    { database: handle.kind === 'postgres' ? 'postgresql' : `pglite:${config.dataDir}` },
    'database ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal means "now": skip waiting for in-flight requests.
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
      // New requests get 503 while in-flight ones finish; idle keep-alive sockets close.
      await app.close();
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
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // A fixed line that scripts and tests wait for; with PORT=0 it carries the chosen port.
  process.stdout.write(`Gatehouse listening on http://${host}:${address.port}\n`);
}

main().catch((err: unknown) => {
  console.error('Gatehouse failed to start:', err);
  process.exit(1);
});
