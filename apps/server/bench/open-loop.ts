import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export type OpenLoopResult = {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  completed: number;
  /** How late the sender was at worst, in ms. */
  lag: number;
};

/** An answer not here this long after the window counts as failed, as autocannon's timeout. */
const DRAIN_MS = 10_000;

/**
 * GET requests sent at a steady rate, whether or not the earlier ones have been answered
 * (an open loop, as independent users send them), over a fixed set of keep-alive
 * connections taken in turn, with HTTP/1.1 pipelining when one is still busy. autocannon
 * cannot do this: its rate sends each connection's share as a burst at the start of every
 * second. `fetch` can, but costs the sending process too much CPU at thousands a second; this
 * writes one prepared request and reads each answer's status line and length.
 *
 * Each latency runs from when its request was due, so a sender held up by other work does
 * not hide the wait. The rate is the answers that arrived within `seconds`.
 */
export async function openLoop(options: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
}): Promise<OpenLoopResult> {
  const url = new URL(options.url);
  const head = [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const request = Buffer.from(head);

  const latencies: number[] = [];
  let failed = 0;
  let inWindow = 0;
  let lag = 0;
  let answered = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const total = Math.round(options.rate * options.seconds);
  let allAnswered: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  let finished = false;
  const answer = (ok: boolean, due: number) => {
    if (finished) return;
    const now = performance.now();
    if (ok) {
      latencies.push(now - due);
      if (now <= end) inWindow++;
    } else failed++;
    if (++answered === total) allAnswered();
  };

  /** A connection: the due times of its requests in flight, and what it has read so far. */
  const open = (): Promise<{ socket: Socket; waiting: number[] }> =>
    new Promise((resolve, reject) => {
      const waiting: number[] = [];
      let pending: Buffer = Buffer.alloc(0);
      const socket = connect(Number(url.port), url.hostname, () => resolve({ socket, waiting }));
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        for (;;) {
          const headEnd = pending.indexOf('\r\n\r\n');
          if (headEnd < 0) return;
          const headers = pending.subarray(0, headEnd).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1] ?? NaN);
          if (Number.isNaN(length)) {
            console.log(`  open loop: an answer without a length, connection dropped:\n${headers}`);
            socket.destroy();
            return;
          }
          if (pending.length < headEnd + 4 + length) return;
          pending = pending.subarray(headEnd + 4 + length);
          answer(headers.startsWith('HTTP/1.1 200'), waiting.shift()!);
        }
      });
      // A connection lost takes its requests in flight with it.
      socket.on('close', () => {
        for (const due of waiting.splice(0)) answer(false, due);
      });
    });
  const connections = await Promise.all(Array.from({ length: options.connections }, open));

  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    lag = Math.max(lag, performance.now() - due);
    const connection = connections[n % connections.length]!;
    if (connection.socket.destroyed) {
      answer(false, due);
      continue;
    }
    connection.waiting.push(due);
    connection.socket.write(request);
  }
  const timer = setTimeout(allAnswered, Math.max(0, end + DRAIN_MS - performance.now()));
  await done;
  clearTimeout(timer);
  finished = true;
  failed += total - answered;
  for (const { socket } of connections) socket.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    rps: inWindow / options.seconds,
    p50: at(0.5),
    p99: at(0.99),
    failed,
    completed: latencies.length,
    lag,
  };
}
