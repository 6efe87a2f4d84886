import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { databaseErrorSummary } from './db-errors.ts';

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The call sites of a stack, without its first line, which repeats the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

/**
 * How every logged `err` is written: a database error as its summary (statement, code and
 * schema names, never its SQL or parameters, whose message drizzle fills with both), with
 * the call sites of its stack; anything else as pino writes errors.
 */
export function serializeError(err: Error): SerializedError {
  const summary = databaseErrorSummary(err);
  if (!summary) return pino.stdSerializers.err(err);
  return {
    ...summary,
    type: 'DatabaseError',
    message: summary.message ?? 'A database statement failed',
    stack: framesOf(err.stack),
  };
}

/**
 * Query parameters whose values are credentials or capabilities: reset links (`token`), the
 * /oauth page's interaction (`uid`), and the OAuth and OpenID Connect parameters that carry
 * codes, tokens or a client's state.
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'uid',
  'code',
  'state',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'logout_token',
  'client_secret',
  'code_verifier',
  'password',
]);

/**
 * Paths whose next segment is an interaction id, a capability like `uid` in a query: the
 * /oauth page's interaction API and the provider's resume path after it.
 */
const SECRET_PATH_SEGMENT = /(\/api\/oauth2-server\/interaction\/|\/oidc\/auth\/)[^/?#]+/g;

export const REDACTED = '[redacted]';

/** A query parameter's name as a parser reads it: decoded, without qs's brackets (`token[]`). */
function parameterName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: the name is compared as written.
  }
  return name.replace(/\[.*$/, '').trim().toLowerCase();
}

/**
 * A URL as it may be logged: the values of `SECRET_QUERY_PARAMETERS` and the interaction ids
 * of `SECRET_PATH_SEGMENT` become `[redacted]`; everything else is kept as it came.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_QUERY_PARAMETERS.has(parameterName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted: every logged `req` goes through it. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // The address as it came: the provider's scope shortens `raw.url` below /oidc.
    url: redactUrl(request.originalUrl ?? request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's logger options with `serializeError` for every `err` and `serializeRequest`
 * for every `req`, over any the caller gave; false stays silent.
 */
export function withSafeSerializers(
  logger: FastifyServerOptions['logger'],
  level: string,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = logger === undefined || logger === true ? { level } : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeError, req: serializeRequest } };
}
