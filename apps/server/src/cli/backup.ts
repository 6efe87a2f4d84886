import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { unpackDataDir, VERSION_FILE } from '../db/pglite-template.ts';
import {
  BACKUP_REQUEST_FILE,
  BACKUP_SIGNAL,
  CONTROL_FILES,
  dumpTo,
  runningServer,
} from '../lib/pglite-backup.ts';
import { openMigrated, Refused, refuseWhileServing } from './database.ts';

/** How long `backup` waits for a running server's copy. */
const SERVER_BACKUP_TIMEOUT_MS = 10 * 60_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The file argument, absolute; refused when missing or already there (a backup never overwrites). */
function targetFile(args: string[], usage: string, mustExist: boolean): string {
  const [file] = args;
  if (!file) throw new Refused(`Usage: npm run gatehouse -- ${usage}`);
  const path = resolve(file);
  if (mustExist && !existsSync(path)) throw new Refused(`There is no file ${path}.`);
  if (!mustExist && existsSync(path))
    throw new Refused(`${path} exists already; a backup never overwrites a file.`);
  return path;
}

/** Runs a PostgreSQL client tool when it is installed; otherwise prints the command to run. */
function postgresTool(command: string, args: string[]): number {
  const shown = [command, ...args.map((a) => (a.startsWith('postgres') ? '"$DATABASE_URL"' : a))].join(' ');
  const found = spawnSync(command, ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) {
    say(`${command} is not installed here. On a machine with the PostgreSQL client tools, run:\n  ${shown}`);
    return 1;
  }
  say(`Running: ${shown}`);
  return spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
}

async function waitForServer(file: string): Promise<void> {
  const until = Date.now() + SERVER_BACKUP_TIMEOUT_MS;
  while (Date.now() < until) {
    if (existsSync(file)) return;
    if (existsSync(`${file}.error`)) {
      const reason = readFileSync(`${file}.error`, 'utf8').trim();
      rmSync(`${file}.error`, { force: true });
      throw new Error(`the server could not write the backup: ${reason}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `the server wrote no backup within ${SERVER_BACKUP_TIMEOUT_MS / 60_000} minutes (see its log)`,
  );
}

/**
 * `backup <file>`. The embedded database: a copy of the data directory as one gzipped tar,
 * made by the running server when there is one (lib/pglite-backup.ts), else by this process.
 * PostgreSQL: `pg_dump --format=custom`.
 */
export async function backup(config: AppConfig, args: string[]): Promise<number> {
  const file = targetFile(args, 'backup <file>', false);
  if (config.databaseUrl)
    return postgresTool('pg_dump', ['--format=custom', `--file=${file}`, config.databaseUrl]);
  if (!existsSync(join(config.dataDir, VERSION_FILE)))
    throw new Refused(`There is no embedded database in ${config.dataDir} (GATEHOUSE_DATA_DIR).`);
  const pid = runningServer(config.dataDir);
  if (pid !== undefined) {
    // The request file is the server's to read and delete.
    const request = join(config.dataDir, BACKUP_REQUEST_FILE);
    writeFileSync(request, JSON.stringify({ file }));
    process.kill(pid, BACKUP_SIGNAL);
    say(`Asked the running server (pid ${pid}) for a copy of ${config.dataDir}…`);
    await waitForServer(file);
  } else {
    const handle = await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    try {
      if (handle.kind !== 'pglite') throw new Error('unreachable');
      await dumpTo(handle.client, file);
    } finally {
      await handle.close();
    }
  }
  say(`Backed up ${config.dataDir} to ${file} (${mib(statSync(file).size)}).`);
  say('It holds the server key too when the data directory does (secret.key): keep it as safe as the data.');
  return 0;
}

/**
 * `restore <file>`. The embedded database: into GATEHOUSE_DATA_DIR, which must hold no
 * database yet and no running server; the copy is then opened and migrated, as a start
 * would. PostgreSQL: `pg_restore` into the (empty) database of DATABASE_URL.
 */
export async function restore(config: AppConfig, args: string[]): Promise<number> {
  const file = targetFile(args, 'restore <file>', true);
  if (config.databaseUrl)
    return postgresTool('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
  refuseWhileServing(config, 'restore into it');
  if (existsSync(join(config.dataDir, VERSION_FILE)))
    throw new Refused(
      `${config.dataDir} holds a database already. Restore into a new GATEHOUSE_DATA_DIR, or move this one aside first.`,
    );
  const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-restore-'));
  try {
    const tar = join(scratch, 'data.tar');
    const gzipped = readFileSync(file)
      .subarray(0, 2)
      .equals(Buffer.from([0x1f, 0x8b]));
    if (gzipped) await pipeline(createReadStream(file), createGunzip(), createWriteStream(tar));
    else await pipeline(createReadStream(file), createWriteStream(tar));
    unpackDataDir(tar, config.dataDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // The copy was taken from a running server: its marks are not this directory's.
  for (const name of CONTROL_FILES) rmSync(join(config.dataDir, name), { force: true });
  const handle = await openMigrated(config, 'restore into it');
  await handle.close();
  say(`Restored ${file} into ${config.dataDir}; start Gatehouse with GATEHOUSE_DATA_DIR=${config.dataDir}.`);
  return 0;
}
