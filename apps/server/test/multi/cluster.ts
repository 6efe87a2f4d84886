import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Several Gatehouse servers on one PostgreSQL database behind one address: the pieces the
 * multi-instance suite (multi-instance.test.ts) and the benchmark (`BENCH_ONLY=multi`) share.
 * Each server is the compiled bundle (`build.mjs`) in a process of its own, as `npm start`
 * runs it; the address is a small round-robin proxy in this process.
 */

const serverDir = new URL('../..', import.meta.url).pathname;

/** The header the proxy adds to every answer: the index of the instance that gave it. */
export const BACKEND_HEADER = 'x-gatehouse-backend';

/**
 * Compiles the server into `outDir` (inside the repository, where node finds its packages);
 * answers the path of its `main.js`.
 */
export function buildBundle(outDir: string): string {
  execFileSync(process.execPath, [join(serverDir, 'build.mjs'), outDir]);
  return join(outDir, 'main.js');
}

/** A fresh database on the server of `baseUrl`, and how to drop it. */
export async function createDatabase(
  baseUrl: string,
  prefix = 'gatehouse_multi',
): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type Instance = {
  index: number;
  child: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Milliseconds from the spawn to the listening line. */
  startMs: number;
  stop: () => Promise<void>;
};

/** Starts the compiled server with `env` and waits for its listening line. */
export async function startInstance(
  bundle: string,
  index: number,
  env: Record<string, string>,
): Promise<Instance> {
  const started = Date.now();
  const child = spawn(process.execPath, [bundle], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = await new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Gatehouse listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    void exited.then(({ code, signal }) =>
      reject(new Error(`instance ${index} exited (${code ?? signal}):\n${output}`)),
    );
  });
  return {
    index,
    child,
    origin,
    output: () => output,
    exited,
    startMs: Date.now() - started,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type RoundRobinProxy = {
  origin: string;
  /** The instances' origins, in round-robin order; set once they listen. */
  backends: string[];
  /** Answers given per instance index. */
  served: number[];
  /** Requests that found an instance refusing connections and went to the next one. */
  retried: number;
  close: () => Promise<void>;
};

/** Hop-by-hop headers (RFC 9110 7.6.1): a proxy does not forward them. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * A round-robin HTTP proxy on 127.0.0.1, as a load balancer in front of the instances: each
 * request goes to the next instance, with the client's address appended to
 * `X-Forwarded-For` (the instances trust 127.0.0.1 as their proxy). Like nginx's
 * `proxy_next_upstream error`, a request whose instance refuses the connection (it is down)
 * goes to the next one, since it was never sent; a request that an instance dies while
 * handling answers 502, since it may have been applied.
 */
export async function startProxy(): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const proxy: RoundRobinProxy = { origin: '', backends: [], served: [], retried: 0, close: async () => {} };
  let next = 0;

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number) => {
    const index = next++ % proxy.backends.length;
    const target = new URL(proxy.backends[index]!);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: {
          ...forwardable(req.headers),
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'content-length': String(body.length),
        },
      },
      (answer) => {
        proxy.served[index] = (proxy.served[index] ?? 0) + 1;
        res.writeHead(answer.statusCode ?? 502, {
          ...forwardable(answer.headers),
          [BACKEND_HEADER]: String(index),
        });
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    // Without it, Nagle's algorithm against the peer's delayed ACK adds ~40 ms to an answer.
    upstream.on('socket', (socket) => socket.setNoDelay(true));
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent) return res.destroy();
      if (err.code === 'ECONNREFUSED' && tries < proxy.backends.length) {
        proxy.retried += 1;
        return forward(req, res, body, tries + 1);
      }
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'BAD_GATEWAY', message: err.code ?? err.message }));
    });
    upstream.end(body);
  };

  const server: Server = createServer({ noDelay: true }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

/** Waits until `check` answers a value other than undefined or false, polling; throws past the deadline. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`${what} was not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
