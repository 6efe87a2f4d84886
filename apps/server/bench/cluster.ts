import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './children.ts';

/**
 * A PostgreSQL cluster of a benchmark's own, made with initdb in a temporary folder and so
 * with PostgreSQL's default settings, for when the machine's server is set for tests (a CI
 * machine may turn autovacuum off, which no production server does, and a long run then
 * measures its tables' bloat). initdb refuses to run as root: the cluster then belongs to the
 * postgres user. `stop` stops it and deletes the folder.
 */
export async function startCluster(): Promise<{ url: string; stop: () => void }> {
  const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  const asOwner = process.getuid?.() === 0;
  const run = (name: string, args: string[]) =>
    asOwner
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, name), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-pg-'));
  if (asOwner) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const stop = () => {
    try {
      run('pg_ctl', ['stop', '-D', data, '-m', 'fast']);
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('pg_ctl', [
      'start',
      '-w',
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    ]);
  } catch (err) {
    stop();
    throw err;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
