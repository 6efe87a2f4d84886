/**
 * The load generators the HTTP benchmarks share: autocannon as fast as the server answers
 * (a closed loop), and requests sent at a steady rate whatever the answers (an open loop),
 * through `fetch` or, where thousands a second are needed, over keep-alive sockets.
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { quantile } from './report.ts';

export type Load = { rps: number; p50: number; p99: number; failed: number; completed: number };

/** An answer later than this counts as failed, as under autocannon's default timeout. */
const ANSWER_TIMEOUT_MS = 10_000;

/** autocannon with `options`: its mean req/s, its latency p50 and p99, and what failed. */
export function closedLoop(options: autocannon.Options): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => {
      if (err) return reject(err);
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
        completed: result.requests.total,
      });
    });
  });
}

/**
 * `send` started every 1/`rate` s for `seconds`, whether or not the earlier ones have been
 * answered, as independent users arrive: autocannon's own rate sends each connection's share
 * as a burst at the start of every second, and cannot send while a connection waits. Each
 * latency runs from when its request was due, so a sender held up by the load beside it does
 * not hide the wait; the rate is the answers that arrived within the `seconds`, so a server
 * that falls behind shows fewer than offered. `lag` is how late the sender was at worst.
 * `send` answers whether the request succeeded; it must give up by itself in time.
 */
export async function atSteadyRate(
  rate: number,
  seconds: number,
  send: () => Promise<boolean>,
): Promise<Load & { lag: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let inWindow = 0;
  let lag = 0;
  let firstError: unknown;
  const answers: Promise<void>[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  const total = Math.round(rate * seconds);
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lag = Math.max(lag, performance.now() - due);
    answers.push(
      Promise.resolve()
        .then(send)
        .then(
          (ok) => {
            const now = performance.now();
            if (!ok) failed++;
            else {
              latencies.push(now - due);
              if (now <= end) inWindow++;
            }
          },
          (err: unknown) => {
            failed++;
            firstError ??= err;
          },
        ),
    );
  }
  await Promise.all(answers);
  if (firstError) console.log(`  ${total} requests at ${rate}/s: the first failure: ${String(firstError)}`);
  latencies.sort((a, b) => a - b);
  return {
    rps: inWindow / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed,
    completed: latencies.length,
    lag,
  };
}

/**
 * One request (a GET, or `method` with a JSON `body`) to `url` over `connections` keep-alive
 * sockets taken in turn, with HTTP/1.1 pipelining when one is still busy; or, with
 * `moreWhenBusy`, on a socket with nothing in flight, and on a further one opened when every
 * socket is busy, as independent users would send them (no answer then waits behind another
 * on its socket). `send` is for `atSteadyRate` where `fetch` would cost the sending process
 * too much CPU: at thousands a second, or about 2 ms a sign-in, as much as the server's own
 * event loop spends on one. It writes one prepared request and reads each answer's status
 * line and length. A socket whose oldest request has waited `ANSWER_TIMEOUT_MS` is closed,
 * failing what it holds; `close` closes them all.
 */
export async function keepAliveRequests(options: {
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  moreWhenBusy?: boolean;
}): Promise<{ send: () => Promise<boolean>; close: () => void }> {
  const url = new URL(options.url);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const request = Buffer.concat([
    Buffer.from(
      [
        `${options.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`,
        `Host: ${url.host}`,
        ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
        ...(body ? ['content-type: application/json', `content-length: ${body.length}`] : []),
        '',
        '',
      ].join('\r\n'),
    ),
    body ?? Buffer.alloc(0),
  ]);

  /** A socket and its requests in flight, oldest first: when each was sent, and its answer. */
  type Connection = { socket: Socket; waiting: { sent: number; answer: (ok: boolean) => void }[] };
  const connections: Connection[] = [];
  /** A new socket, at once in `connections` (what is written before it connects waits for it). */
  const open = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const connection: Connection = { socket: connect(Number(url.port), url.hostname), waiting: [] };
      connections.push(connection);
      const { socket, waiting } = connection;
      let pending: Buffer = Buffer.alloc(0);
      socket.setNoDelay(true);
      socket.once('connect', () => resolve());
      socket.once('error', reject);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          const headEnd = pending.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const head = pending.subarray(0, headEnd).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
          if (Number.isNaN(length)) {
            console.log(`  ${url.pathname}: an answer without a length, its connection closed:\n${head}`);
            socket.destroy();
            return;
          }
          if (pending.length < headEnd + 4 + length) return;
          pending = pending.subarray(headEnd + 4 + length);
          waiting.shift()?.answer(head.startsWith('HTTP/1.1 200'));
        }
      });
      // A connection lost takes its requests in flight with it.
      socket.on('close', () => {
        for (const { answer } of waiting.splice(0)) answer(false);
      });
    });
  await Promise.all(Array.from({ length: options.connections }, open));
  const overdue = setInterval(() => {
    const now = performance.now();
    for (const { socket, waiting } of connections)
      if (waiting.length > 0 && now - waiting[0]!.sent > ANSWER_TIMEOUT_MS) socket.destroy();
  }, 1000);

  let next = 0;
  /** The socket for the next request: the next in turn, or with `moreWhenBusy` an idle one. */
  const take = (): Connection => {
    if (!options.moreWhenBusy) return connections[next++ % connections.length]!;
    const idle = connections.find((c) => c.waiting.length === 0 && !c.socket.destroyed);
    if (idle) return idle;
    // A refused connection fails the requests written to it, through its 'close'.
    open().catch(() => {});
    return connections.at(-1)!;
  };
  return {
    send: () =>
      new Promise<boolean>((answer) => {
        const { socket, waiting } = take();
        if (socket.destroyed) return answer(false);
        waiting.push({ sent: performance.now(), answer });
        socket.write(request);
      }),
    close: () => {
      clearInterval(overdue);
      for (const { socket } of connections) socket.destroy();
    },
  };
}
