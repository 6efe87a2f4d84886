import { connect } from 'node:net';
import { ERROR_CODES, MESSAGES, type Message } from '@gatehouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, byField, messageBody, type TestContext } from './helper.ts';

/**
 * Issue 12, defect 5: a request Node's HTTP parser refuses (a query string of 3,000
 * parameters is over its header limit) still gets the API's error shape and headers.
 */

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** Sends `request` as it is and reads the answer until the server closes the connection. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function expectShaped(res: Awaited<ReturnType<typeof raw>>, status: number, message: Message) {
  expect(res.status, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body).toEqual({
    code: ERROR_CODES.BAD_REQUEST,
    ...messageBody(message),
    requestId: expect.any(String),
  });
  expect(res.headers['x-request-id']).toBe(body.requestId);
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
}

describe('requests the HTTP parser refuses', () => {
  it('answers a query string of 3,000 parameters with 431 in the error shape', async () => {
    const query = Array.from({ length: 3000 }, (_, i) => `p${i}=${i}`).join('&');
    const res = await raw(
      `GET /api/admin-service/data/accesses?applicationId=a&${query} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectShaped(res, 431, MESSAGES.requestTooLong);
  });

  it('answers a request that is not HTTP with 400 in the error shape', async () => {
    expectShaped(await raw('NOT HTTP AT ALL\r\n\r\n'), 400, MESSAGES.malformedRequest);
  });

  it('answers a path segment over the router limit with 414 in the error shape', async () => {
    const res = await t.get(`/api/admin-service/v2/application/${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      code: ERROR_CODES.BAD_REQUEST,
      ...messageBody(MESSAGES.requestTooLong),
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('aaaa');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe(res.json().requestId);
  });

  it('refuses a query string over the parameter limit that fits the header limit, rather than reading part of it', async () => {
    const query = Array.from({ length: 1500 }, (_, i) => `p${i}=`).join('&');
    const res = await t.get(`/api/admin-service/data/accesses?applicationId=a&${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      fields: { querystring: expect.any(String) },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('still serves a request within the limits on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
