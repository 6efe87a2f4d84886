import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database while the server runs.
 *
 * PGlite is PostgreSQL inside the server's process, and only that process may open its data
 * directory: a second process opening the files would corrupt them. So the server does the
 * copying. It writes its pid into the data directory; `npm run gatehouse -- backup <file>`
 * writes the file it wants into a request beside it and sends the server SIGUSR2. The server
 * dumps the directory through PGlite's `dumpDataDir`, which runs between two statements (it
 * takes the query lock), so the copy is one moment of the database: a transaction open at that
 * moment is rolled back when the copy is opened, as after a crash. The dump is written to
 * `<file>.partial` and renamed, so a file at `<file>` is always whole; a failure is written to
 * `<file>.error`. Whoever may signal the server's process may ask for a copy: the same user,
 * or root, who can read the data directory anyway.
 */

/** The running server's pid, in its data directory. */
export const PID_FILE = 'gatehouse.pid';
/** The backup a command asks for: `{ "file": "/absolute/path.tar.gz" }`. */
export const BACKUP_REQUEST_FILE = 'backup-request.json';
export const BACKUP_SIGNAL = 'SIGUSR2';

/** The files of this protocol, which a restored copy must not keep. */
export const CONTROL_FILES = [PID_FILE, BACKUP_REQUEST_FILE];

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** Writes the data directory, gzipped tar, to `file` (through `<file>.partial`), mode 0600. */
export async function dumpTo(client: PGlite, file: string): Promise<number> {
  const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  // The copy holds the server key when it lives in the data directory: as secret as the data.
  writeFileSync(`${file}.partial`, dump, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  return dump.length;
}

/**
 * Marks `dataDir` as open by this process and answers backup requests; `close` undoes both.
 * Requests are served one at a time.
 */
export function serveBackups(client: PGlite, dataDir: string, log: Log): { close: () => void } {
  const pidFile = join(dataDir, PID_FILE);
  writeFileSync(pidFile, `${process.pid}\n`);
  let running = Promise.resolve();
  const onSignal = () => {
    running = running.then(async () => {
      const requestFile = join(dataDir, BACKUP_REQUEST_FILE);
      let file: string | undefined;
      try {
        file = JSON.parse(readFileSync(requestFile, 'utf8')).file;
        rmSync(requestFile, { force: true });
        if (typeof file !== 'string' || !file.startsWith('/'))
          throw new Error('the request names no absolute file');
        const started = Date.now();
        const bytes = await dumpTo(client, file);
        log.info({ file, bytes, ms: Date.now() - started }, 'backup written');
      } catch (err) {
        log.error({ err, file }, 'backup failed');
        if (file) writeFileSync(`${file}.error`, `${(err as Error).message}\n`);
      }
    });
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return {
    close: () => {
      process.off(BACKUP_SIGNAL, onSignal);
      // Only our own mark: a later server on the same directory may have written its own.
      if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid))
        rmSync(pidFile, { force: true });
    },
  };
}

/**
 * The pid of a server that has `dataDir` open, or undefined. A pid file whose process is gone
 * (a server killed without its stop) is ignored; on Linux, so is one whose pid now belongs to
 * a process that is not node, which a signal would otherwise stop.
 */
export function runningServer(dataDir: string): number | undefined {
  const pidFile = join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync('/proc/self') && (!existsSync(cmdline) || !readFileSync(cmdline, 'utf8').includes('node')))
    return undefined;
  return pid;
}
