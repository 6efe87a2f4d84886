import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/** One subcommand of `npm run gatehouse`: its arguments after the name, and an exit code. */
export type Command = {
  usage: string;
  summary: string;
  run: (args: string[]) => Promise<number>;
};

/** A usage mistake: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** Splits `args` into flags (`--name value` or `--name`) and positional arguments. */
export function parseArgs(
  args: string[],
  spec: { values?: readonly string[]; switches?: readonly string[] },
): { values: Map<string, string>; switches: Set<string>; positional: string[] } {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (spec.switches?.includes(name)) switches.add(name);
    else if (spec.values?.includes(name)) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      values.set(name, value);
    } else throw new UsageError(`Unknown option ${arg}`);
  }
  return { values, switches, positional };
}

/**
 * The configured database, migrated, for `work`. On PGlite the data directory is the
 * running server's own, and only one process may open it: a server answering on the
 * configured port is refused rather than risking the files.
 */
export async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (!config.databaseUrl) await refuseRunningServer(config.host, config.port);
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(handle);
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function refuseRunningServer(host: string, port: number): Promise<void> {
  const address = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  try {
    await fetch(`http://${address.includes(':') ? `[${address}]` : address}:${port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
  } catch {
    return;
  }
  throw new UsageError(
    `A Gatehouse server answers on port ${port} and holds the embedded database (PGlite) open. Stop it first, or use the HTTP API (see docs/config-transfer.md).`,
  );
}
