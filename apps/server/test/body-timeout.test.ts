import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { build, type TestContext } from './helper.ts';

/**
 * A request must arrive (headers and body) within GATEHOUSE_REQUEST_BODY_TIMEOUT_MS, here 1 s:
 * a client that trickles its body, or its headers, loses the connection about then, while a
 * request that arrived in time is handled for as long as it takes.
 */

const TIMEOUT_MS = 1_000;
let t: TestContext;
let port: number;

beforeAll(async () => {
  t = await build({
    config: { requestBodyTimeoutMs: TIMEOUT_MS },
    setup(app) {
      // Longer to handle than the receive timeout allows for receiving.
      app.post('/test/slow', { config: { access: 'public' } }, async (request) => {
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
        return { received: request.body };
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/**
 * Sends `head`, then one byte of `trickle` every 200 ms; resolves with what the server
 * answered and when it closed the connection, counted from the first byte sent.
 */
function slowClient(head: string, trickle: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
      }, 200);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after 10 s; got: ${answer}`));
    }, 10_000).unref();
  });
}

describe('GATEHOUSE_REQUEST_BODY_TIMEOUT_MS', () => {
  it('answers 408 and closes a connection whose body trickles in, about when the timeout passes', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(60) });
    const head =
      'POST /api/oauth2-server/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const { answer, closedAfterMs } = await slowClient(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('does the same for headers that trickle in', async () => {
    const { answer, closedAfterMs } = await slowClient(
      'GET /api/health HTTP/1.1\r\n',
      'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('leaves a request that arrived in time its whole handling budget, on a connection kept alive', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/test/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: { hello: 'world' } });
    // An idle keep-alive connection between requests is not a request being received.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 1.5));
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('is 30 s by default, read in milliseconds, 0 turning it off', () => {
    expect(loadConfig({}).requestBodyTimeoutMs).toBe(30_000);
    expect(loadConfig({ GATEHOUSE_REQUEST_BODY_TIMEOUT_MS: '5000' }).requestBodyTimeoutMs).toBe(5_000);
    expect(loadConfig({ GATEHOUSE_REQUEST_BODY_TIMEOUT_MS: '0' }).requestBodyTimeoutMs).toBe(0);
    for (const value of ['30s', '-1', '1.5'])
      expect(() => loadConfig({ GATEHOUSE_REQUEST_BODY_TIMEOUT_MS: value })).toThrow(
        /GATEHOUSE_REQUEST_BODY_TIMEOUT_MS/,
      );
  });

  it('is the deadline of the headers and of the whole request alike', () => {
    expect(t.app.server.requestTimeout).toBe(TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBe(TIMEOUT_MS);
  });
});
