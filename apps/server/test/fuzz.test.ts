/**
 * Bad input, everywhere, generated (issue 12, Deliver 1). Every operation of the OpenAPI
 * document that `/api/docs` serves (every route; the suite fails if a route is missing from
 * it) gets FUZZ_RUNS cases (100 by default, `npm run fuzz` 10,000) as the administrator, so
 * they reach validation and the services. Each case starts from values derived from the
 * route's own schemas and mutates them: wrong types, huge strings, control characters and
 * lone surrogates, query strings over the §9 limits, `__proto__` and `constructor` keys,
 * malformed JSON, unknown fields, and out-of-range page and size.
 *
 * Every answer must be below 500, every 4xx the one error body (the helper also checks every
 * answer against the document), and no answer or log line may carry a stack trace or SQL.
 * After the run no unknown field is in any table, and Object.prototype is untouched.
 */
import { Writable } from 'node:stream';
import { ERROR_CODES } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createApplication } from './fixtures.ts';
import {
  badPaging,
  encode,
  hostileJson,
  hostileQuery,
  hostileText,
  hugeText,
  type JsonSchema,
  mutateField,
  toQuery,
  UNKNOWN_KEY,
  UNKNOWN_VALUE,
  valueFor,
  withPrototypeKeys,
  wrongTyped,
} from './fuzz/arbitraries.ts';
import { build } from './helper.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const prototypeKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

/** A stack trace, and SQL or its parameters, in an answer or a log line. */
const STACK = /\n\s+at |\bat [\w.<>]+ \(.*:\d+:\d+\)|node_modules\//;
const SQL =
  /\b(select\s.+\sfrom|insert into|delete from|update\s+"?\w+"?\s+set)\b|\$\d+\b.*\bparams?\b|"(params|parameters|query)":\s*\[/is;

/** Log lines are checked as they are written, so 10,000 runs per route keep none in memory. */
const logged = { lines: 0, wrong: [] as string[] };
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      logged.lines++;
      const problem = logProblem(line);
      if (problem && logged.wrong.length < 20) logged.wrong.push(`${problem}: ${line.slice(0, 1000)}`);
    }
    done();
  },
});

function logProblem(line: string): string | undefined {
  if (STACK.test(line)) return 'stack trace';
  if (SQL.test(line)) return 'SQL';
  const entry = JSON.parse(line) as { level: number; msg?: string };
  if (entry.level >= 50) return 'error';
  // A value sent is logged only as part of the request's URL, never as a statement's parameter.
  if (entry.msg !== 'incoming request' && line.includes(UNKNOWN_VALUE)) return 'parameter';
  return undefined;
}

const t = await build({ logger: { level: 'info', stream } });

type Parameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: unknown }>;
};
type Document = {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const document = (await t.get('/api/docs/json')).json() as Document;
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
);

// ---- records to aim at, so some ids and filters name something real --------------------
let admin = await t.login();
const appId = await createApplication(t.db, 'fuzz-app');
const client = (
  await t.inject({
    method: 'POST',
    url: '/api/admin-service/v2/application/client',
    headers: { authorization: `Bearer ${admin}` },
    payload: { clientName: 'fuzz', applicationId: appId },
  })
).json() as { acId: string };
const KNOWN_IDS = [appId, client.acId, 'platform'];

/** One case: the request, and what it was meant to try. */
type Case = { kind: string; url: string; payload?: string; contentType?: string };

function caseOf(op: Operation): fc.Arbitrary<Case> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
    required: queryParams.filter((p) => p.required).map((p) => p.name),
  };
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = bodySchema !== undefined || ['POST', 'PUT', 'PATCH'].includes(op.method);
  const goodPath = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...KNOWN_IDS) },
          { weight: 1, arbitrary: valueFor(p.schema, document) },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const badPath = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        fc.oneof(
          hostileText,
          hugeText.map((s) => s.slice(0, 5000)),
          fc.constantFrom('%00', '..', '%2e%2e', ' ', '%ZZ'),
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const query = valueFor(querySchema, document) as fc.Arbitrary<Record<string, unknown>>;
  const body = bodySchema ? valueFor(bodySchema, document) : fc.constant(undefined);

  const urlOf = (path: Record<string, unknown>, q: string) => {
    const filled = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      name === '*'
        ? 'token'
        : path[name] === '%00' || path[name] === '%2e%2e' || path[name] === '%ZZ'
          ? String(path[name])
          : encode(String(path[name])),
    );
    return q ? `${filled}?${q}` : filled;
  };
  const json = (kind: string, path: Record<string, unknown>, q: string, value: unknown): Case => ({
    kind,
    url: urlOf(path, q),
    ...(hasBody && value !== undefined
      ? { payload: JSON.stringify(value), contentType: 'application/json' }
      : {}),
  });
  const withUnknown = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? { ...value, [UNKNOWN_KEY]: UNKNOWN_VALUE }
      : value;

  return fc.oneof(
    // The schema's own values with an unknown field: these get through, and must not store it.
    {
      weight: 3,
      arbitrary: fc
        .tuple(goodPath, query, body)
        .map(([p, q, b]) =>
          json('unknown fields', p, toQuery({ ...q, [UNKNOWN_KEY]: UNKNOWN_VALUE }), withUnknown(b)),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(goodPath, query, body)
        .chain(([p, q, b]) =>
          fc
            .tuple(mutateField(q, wrongTyped), mutateField(b, wrongTyped))
            .map(([mq, mb]) =>
              json('wrong types', p, toQuery(mq as Record<string, unknown>), hasBody ? mb : undefined),
            ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(goodPath, query, body)
        .chain(([p, q, b]) =>
          fc
            .tuple(mutateField(q, hugeText), mutateField(b, hugeText), fc.boolean())
            .map(([mq, mb, inBody]) =>
              hasBody && inBody
                ? json('huge strings', p, toQuery(q), mb)
                : json('huge strings', p, toQuery(mq as Record<string, unknown>), b),
            ),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(goodPath, query, body)
        .chain(([p, q, b]) =>
          fc
            .tuple(mutateField(q, hostileText), mutateField(b, hostileText))
            .map(([mq, mb]) =>
              json(
                'control characters and lone surrogates',
                p,
                toQuery(mq as Record<string, unknown>),
                hasBody ? mb : undefined,
              ),
            ),
        ),
    },
    ...(pathParams.length > 0
      ? [
          {
            weight: 1,
            arbitrary: fc
              .tuple(badPath, query, body)
              .map(([p, q, b]) => json('bad path ids', p, toQuery(q), b)),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc
        .tuple(goodPath, query, hostileQuery)
        .map(([p, q, hq]) =>
          json('query over the limits', p, [toQuery(q), hq].filter(Boolean).join('&'), undefined),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(goodPath, query, badPaging)
        .map(([p, q, paging]) =>
          json('page and size out of range', p, toQuery({ ...q, ...paging }), undefined),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(goodPath, query, body).map(([p, q, b]) => ({
        kind: 'prototype keys',
        url: urlOf(p, `${toQuery(q)}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes`),
        ...(hasBody ? { payload: withPrototypeKeys(b), contentType: 'application/json' } : {}),
      })),
    },
    ...(hasBody
      ? [
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                goodPath,
                hostileJson,
                fc.constantFrom(
                  'application/json',
                  'application/json; charset=utf-8',
                  'text/plain',
                  'application/x-www-form-urlencoded',
                ),
              )
              .map(([p, raw, contentType]) => ({
                kind: 'malformed JSON',
                url: urlOf(p, ''),
                payload: raw,
                contentType,
              })),
          },
        ]
      : []),
  );
}

// ---- what every answer must be -----------------------------------------------------------
const errorCodes = new Set<string>(Object.values(ERROR_CODES));
const tally = {
  requests: 0,
  byKind: {} as Record<string, number>,
  byStatus: {} as Record<string, number>,
  writesWithUnknown: 0,
};

function inspect(op: Operation, c: Case, res: LightMyRequestResponse) {
  const where = `${op.method} ${op.path} (${c.kind}) → ${res.statusCode}: ${c.url.slice(0, 300)} ${String(c.payload ?? '').slice(0, 300)}\n${res.body.slice(0, 500)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(STACK);
  expect(res.body, where).not.toMatch(SQL);
  // The OpenID Provider answers by its own protocol; the rest answer the one error body.
  const ownProtocol = op.path.startsWith('/oidc');
  if (res.statusCode >= 400 && !ownProtocol) {
    const body = res.json();
    expect(
      Object.keys(body).every((k) => ['code', 'message', 'key', 'params', 'fields', 'requestId'].includes(k)),
      where,
    ).toBe(true);
    expect(errorCodes.has(body.code), where).toBe(true);
    expect(typeof body.message, where).toBe('string');
    expect(typeof body.key, where).toBe('string');
    expect(body.requestId, where).toBe(res.headers['x-request-id'] ?? body.requestId);
  }
  if (res.statusCode < 300) {
    expect(res.body, where).not.toContain(UNKNOWN_KEY);
    if (c.kind === 'unknown fields' && op.method !== 'GET') tally.writesWithUnknown++;
  }
}

async function send(op: Operation, c: Case) {
  const request = () =>
    t.inject({
      method: op.method as 'GET',
      url: c.url,
      headers: {
        authorization: `Bearer ${admin}`,
        ...(c.contentType ? { 'content-type': c.contentType } : {}),
      },
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
      // Away from the address the administrator signs in from, so spent sign-in budgets stay here.
      remoteAddress: '127.0.0.2',
    });
  let res = await request();
  // A case that ended the administrator's session (sign out, a password change) or one the
  // session could not survive: sign in again and send it once more, so it reaches the route.
  if (res.statusCode === 401 && (await t.get('/api/admin-service/user/current', admin)).statusCode === 401) {
    admin = await t.login();
    res = await request();
  }
  tally.requests++;
  tally.byKind[c.kind] = (tally.byKind[c.kind] ?? 0) + 1;
  tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
  return res;
}

describe(`fuzz: ${RUNS} generated bad requests per route, as the administrator`, () => {
  it('covers every route of the route table: each is in the OpenAPI document', () => {
    const documented = new Set(
      operations.map(
        (op) => `${op.method} ${op.path.replace(/\{([^}]+)\}/g, (_, n) => (n === '*' ? '*' : `:${n}`))}`,
      ),
    );
    const missing = t.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, { timeout: 60_000 + RUNS * 100 }, async () => {
      await fc.assert(
        fc.asyncProperty(caseOf(op), async (c) => {
          inspect(op, c, await send(op, c));
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }

  it('logged no stack trace, SQL or parameter, and no error', () => {
    expect(logged.lines).toBeGreaterThan(tally.requests);
    expect(logged.wrong).toEqual([]);
  });

  it('stored no unknown field in any table', async () => {
    // About two per run (over all routes) get through, so the scan below has writes to look at.
    expect(tally.writesWithUnknown).toBeGreaterThan(Math.min(20, RUNS / 2));
    // PGlite answers `{ rows }`, node-postgres through drizzle the same; typed loosely by drizzle.
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const tables = rowsOf<{ table_name: string }>(
      await t.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    expect(tables.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const { table_name } of tables) {
      const [hit] = rowsOf<{ n: number }>(
        await t.db.execute(
          sql.raw(
            `select count(*)::int as n from "${table_name}" as r where r::text like '%${UNKNOWN_KEY}%' or r::text like '%${UNKNOWN_VALUE}%'`,
          ),
        ),
      );
      if (hit!.n > 0) found.push(`${table_name}: ${hit!.n}`);
    }
    expect(found).toEqual([]);
  });

  it('polluted no prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeysBefore);
    console.info(
      `fuzz: ${operations.length} operations × ${RUNS} cases = ${tally.requests} requests; ${tally.writesWithUnknown} writes with an unknown field got through; by kind ${JSON.stringify(tally.byKind)}; by status ${JSON.stringify(tally.byStatus)}`,
    );
  });
});
