import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The servers under test run as child processes; these start, watch and stop them. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** The children still running, stopped if the benchmark itself is interrupted. */
const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });

export type Child = {
  process: ChildProcess;
  /** The last lines it wrote, for an error message. */
  output: () => string;
  stop: () => Promise<void>;
};

/** Starts `command`; its output is kept (the last 100 lines), not shown. */
export function startChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n'));
    lines.splice(0, Math.max(0, lines.length - 100));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  return {
    process: child,
    output: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx; fails when the child exits or after `timeoutMs`. */
export async function waitUntilServing(child: Child, url: string, timeoutMs = 180_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (child.process.exitCode !== null)
      throw new Error(`${url}: the server exited (${child.process.exitCode}):\n${child.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url}: not serving after ${timeoutMs / 1000} s:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name in field 2 may hold spaces; the fields after its ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function isNode(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/exe`) === realpathSync(process.execPath);
  } catch {
    return false;
  }
}

/**
 * The Node process that serves: `pid` itself, or its only Node descendant when `pid` is a
 * launcher (`npm start` runs scripts/start.mjs, which runs the server as its child). Other
 * children, such as the esbuild service tsx starts, are not the server.
 */
export function servingPid(pid: number): number {
  const pids = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  let current = pid;
  for (;;) {
    const children = pids.filter((p) => parentOf(p) === current && isNode(p));
    if (children.length !== 1) return current;
    current = children[0]!;
  }
}

/** VmRSS and VmHWM (the peak) of a process, in MiB, from /proc/<pid>/status. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}
