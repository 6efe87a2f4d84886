/**
 * The conformance check of the test helper (issue 12, Deliver 2) catches what it is there to
 * catch: each answer below is a real one, altered the way a drifting route would alter it.
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { conformanceOf } from './conformance.ts';
import { build } from './helper.ts';

const t = await build();
const conformance = conformanceOf(t.app);
const token = await t.login();
const altered = (res: LightMyRequestResponse, change: Partial<LightMyRequestResponse>) =>
  ({ ...res, headers: res.headers, ...change }) as LightMyRequestResponse;

describe('contract conformance', () => {
  it('knows every operation of the document', () => {
    expect(conformance.operations).toBeGreaterThan(100);
  });

  it('passes real answers and refuses altered ones', async () => {
    const url = '/api/admin-service/v2/application';
    const list = await t.get(url, token);
    expect(conformance.mismatch('GET', url, list)).toBeUndefined();
    const page = list.json();
    // A field of the wrong type, a required field missing, a status the route does not document.
    expect(
      conformance.mismatch(
        'GET',
        url,
        altered(list, { body: JSON.stringify({ ...page, totalElements: 'many' }) }),
      ),
    ).toMatch(/totalElements/);
    const { content: _content, ...withoutContent } = page;
    expect(conformance.mismatch('GET', url, altered(list, { body: JSON.stringify(withoutContent) }))).toMatch(
      /content/,
    );
    expect(conformance.mismatch('GET', url, altered(list, { statusCode: 202 }))).toMatch(/no schema for 202/);
    expect(conformance.mismatch('GET', url, altered(list, { body: 'not json' }))).toMatch(/not JSON/);
  });

  it('holds every error status, documented or not, to the one error body', async () => {
    const res = await t.get('/api/admin-service/v2/application/nope', token);
    expect(res.statusCode).toBe(404);
    expect(conformance.mismatch('GET', '/api/admin-service/v2/application/nope', res)).toBeUndefined();
    const wrong = altered(res, { statusCode: 418, body: JSON.stringify({ error: 'teapot' }) });
    expect(conformance.mismatch('GET', '/api/admin-service/v2/application/nope', wrong)).toMatch(
      /not the error body/,
    );
    const unknownCode = altered(res, { body: JSON.stringify({ code: 'OOPS', message: 'x' }) });
    expect(conformance.mismatch('GET', '/api/nowhere', unknownCode)).toMatch(/unknown error code/);
  });

  it('makes the helper reject an answer that does not conform', async () => {
    const other = await build({
      setup: (app) =>
        app.get('/api/test/bare-error', { config: { access: 'public' } }, async (_request, reply) =>
          reply.code(400).send({ error: 'bare' }),
        ),
    });
    try {
      await expect(other.get('/api/test/bare-error')).rejects.toThrow(
        /does not conform.*not the error body/s,
      );
    } finally {
      await other.close();
    }
  });
});
