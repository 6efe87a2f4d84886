import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver took: its headers (lower-case names), its body as text and its path. */
export type Received = { headers: Record<string, string>; body: string; at: number; url: string };

export type Receiver = {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  received: Received[];
  /** How the next requests are answered; by default 200 `ok`. */
  answer: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  close: () => Promise<void>;
};

/** A webhook receiver on 127.0.0.1 and a random port, recording every request it takes. */
export async function startReceiver(port = 0): Promise<Receiver> {
  const receiver: Receiver = {
    origin: '',
    port: 0,
    received: [],
    answer: (_req, res) => res.end('ok'),
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      receiver.received.push({ headers, body, at: Date.now(), url: req.url ?? '' });
      receiver.answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.origin = `http://127.0.0.1:${receiver.port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Waits until `check` answers a value other than undefined or false, polling. */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
