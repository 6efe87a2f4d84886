import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Cluster = {
  url: string;
  start: () => void;
  /** `immediate` is a crash as PostgreSQL sees it; `fast` a clean shutdown. */
  stop: (mode?: 'fast' | 'immediate') => void;
  /** Stops it if it runs, and deletes its folder. */
  remove: () => void;
};

/**
 * A throwaway PostgreSQL cluster, made with initdb in a temporary folder on a free port, so
 * with PostgreSQL's default settings and never the machine's shared server: the fault tests
 * stop it under load, and the soak runs on it where the machine's server has autovacuum off.
 * initdb refuses to run as root: the cluster then belongs to the postgres user.
 */
export async function createCluster(): Promise<Cluster> {
  const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  const asOwner = process.getuid?.() === 0;
  const run = (name: string, args: string[]) =>
    asOwner
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, name), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pg-'));
  if (asOwner) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => run('pg_ctl', ['stop', '-D', data, '-m', mode]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run('pg_ctl', [
        'start',
        '-w',
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      ]),
    stop,
    remove: () => {
      try {
        stop();
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
