/**
 * Contract conformance (issue 12, Deliver 2): every response a server test sees through
 * `app.inject` is validated against the OpenAPI document that `/api/docs` serves, by
 * operation and status code, and a mismatch throws.
 *
 * What counts as a mismatch:
 *  - a documented operation answers a status its document has no schema for. Error statuses
 *    any route can answer (a 413 body, a 415, a 429, a 503 in an outage, a 500) are the
 *    exception: they are checked against the one error body of the contract;
 *  - the body does not match the schema, or is not JSON where JSON is documented;
 *  - any error status (4xx, 5xx) on an API route, documented or not, whose body is not the
 *    contract's error body. Browser pages outside /api (the console, the single sign-on
 *    page) answer HTML.
 * HEAD answers carry no body on the wire, so they are not checked.
 * An operation that documents no content for any status declares none on purpose: the
 * OpenID Provider under /oidc answers by its own protocol (HTML pages, redirects, OAuth error
 * bodies), so its answers are not checked. A 204 carries no body.
 */
import { ERROR_CODES, errorBodySchema } from '@gatehouse/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Operation = {
  method: string;
  path: string;
  pattern: RegExp;
  /** How specific the path is: static segments count, so `/user/current` beats `/user/{id}`. */
  rank: number;
  /** Validators by status code; `null` where the status is documented with no content. */
  byStatus: Map<string, ValidateFunction | null>;
  declaresNone: boolean;
};

type OpenApiDocument = {
  components?: object;
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
  >;
};

const errorCodes = new Set<string>(Object.values(ERROR_CODES));

export type Conformance = {
  /** The reason a response does not conform, or undefined when it does. */
  mismatch(method: string, url: string, res: LightMyRequestResponse): string | undefined;
  operations: number;
};

/**
 * OpenAPI 3.0's `nullable` admits null, also beside an `enum` (as zod's `.nullable()` of an
 * enum means); ajv reads the enum alone, so null joins the enum here.
 */
function nullableEnums(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableEnums);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, nullableEnums(v)]));
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  return out;
}

function compile(document: OpenApiDocument): Conformance {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const errorBody = ajv.compile(z.toJSONSchema(errorBodySchema, { target: 'draft-7' }) as object);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    const segments = path.split('/').filter(Boolean);
    const pattern = new RegExp(
      `^${segments
        .map((s) =>
          s === '{*}'
            ? '(?:/.*)?'
            : `/${s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}`,
        )
        .join('')}/?$`,
    );
    const rank = segments.filter((s) => !s.startsWith('{')).length * 2 - (path.includes('{*}') ? 1 : 0);
    for (const [method, op] of Object.entries(methods)) {
      const byStatus = new Map<string, ValidateFunction | null>();
      let declaresNone = true;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) declaresNone = false;
        // `#/components/...` references resolve against the schema's root, so it carries them.
        byStatus.set(
          status,
          schema
            ? ajv.compile(nullableEnums({ ...schema, components: document.components }) as object)
            : null,
        );
      }
      operations.push({ method: method.toUpperCase(), path, pattern, rank, byStatus, declaresNone });
    }
  }
  operations.sort((a, b) => b.rank - a.rank);

  const errorShape = (body: unknown): string | undefined => {
    if (!errorBody(body)) return `not the error body: ${ajv.errorsText(errorBody.errors)}`;
    const code = (body as { code: string }).code;
    if (!errorCodes.has(code)) return `unknown error code ${code}`;
    return undefined;
  };

  return {
    operations: operations.length,
    mismatch(method, url, res) {
      const status = res.statusCode;
      // The path the request reached: `app.inject` parses its URL as a browser would, so
      // `a/%2e%2e/b` arrives as `b` and is answered by b's route.
      const path = new URL(url.split('?')[0]!, 'http://localhost').pathname;
      const op = operations.find((o) => o.method === method && o.pattern.test(path));
      if (op?.declaresNone) return undefined;
      // A HEAD answer is its GET's headers: Node's HTTP server sends no body with it.
      if (method === 'HEAD') return undefined;
      const parse = (): { ok: true; body: unknown } | { ok: false } => {
        if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return { ok: false };
        try {
          return { ok: true, body: JSON.parse(res.body) };
        } catch {
          return { ok: false };
        }
      };
      // Pages for the browser outside the API (the console's files, the single sign-on page)
      // answer HTML; every API answer with an error status is the error body.
      if (status >= 400 && (op || path.startsWith('/api/'))) {
        const parsed = parse();
        if (!parsed.ok) return `${status} is not a JSON error body`;
        const wrong = errorShape(parsed.body);
        if (wrong) return `${status} ${wrong}`;
      }
      // Outside the document (test-only routes, the docs' own pages, the console's files).
      if (!op) return undefined;
      const validate = op.byStatus.get(String(status));
      if (validate === undefined) {
        if (status >= 400) return undefined;
        if (status === 304) return undefined;
        return `${op.method} ${op.path} has no schema for ${status}`;
      }
      if (status === 204) return res.body === '' ? undefined : `${status} carries a body`;
      // A documented redirect (a sign-in sent on to an identity provider) carries only its Location.
      if (status >= 300 && status < 400)
        return res.headers.location ? undefined : `${status} has no Location`;
      if (validate === null) return undefined;
      const parsed = parse();
      if (!parsed.ok) return `${status} is not JSON (${res.headers['content-type']})`;
      if (!validate(parsed.body)) return `${status} body: ${ajv.errorsText(validate.errors)}`;
      return undefined;
    },
  };
}

let cached: { text: string; conformance: Conformance } | undefined;

/** The validator of the app's own document, compiled once per distinct document. */
export function conformanceOf(app: FastifyInstance): Conformance {
  const document = app.swagger() as unknown as OpenApiDocument;
  const text = JSON.stringify(document);
  if (cached?.text !== text) cached = { text, conformance: compile(document) };
  return cached.conformance;
}

/**
 * Makes every `app.inject` of this app validate its response: a response that does not
 * conform to the document rejects the call with the reason, the request and the body.
 * Call it once the app is ready.
 */
export function checkResponses(app: FastifyInstance): void {
  const conformance = conformanceOf(app);
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    const options = typeof opts === 'string' ? { url: opts } : opts;
    const method = String(options.method ?? 'GET').toUpperCase();
    const url = typeof options.url === 'string' ? options.url : String(options.path ?? '/');
    const wrong = conformance.mismatch(method, url, res);
    if (wrong)
      throw new Error(
        `Response does not conform to the OpenAPI document: ${method} ${url}: ${wrong}\n${res.body.slice(0, 2000)}`,
      );
    return res;
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}
