import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  HTTP_STATUS_MESSAGES,
  issueMessage,
  MESSAGES,
  type Message,
  m,
} from '@gatehouse/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_SECONDS, DatabaseOutage } from '../lib/database-outage.ts';
import { isDatabaseUnavailable, isStatementCancelled, unavailableCode } from '../lib/db-errors.ts';
import { AppError, errorBody, type FieldMessages } from '../lib/errors.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

export type ErrorsOptions = {
  /** Resolves when the database answers: how an outage learns that it has ended. */
  databaseAnswers: () => Promise<unknown>;
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  429: ERROR_CODES.RATE_LIMITED,
  503: ERROR_CODES.UNAVAILABLE,
};

/** A validation issue as Fastify hands it over: zod's issue, its limits under `params`. */
type ValidationIssue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { minimum?: unknown; maximum?: unknown };
};

/**
 * `/items/0/name` → `items.0.name`; an issue on the whole part is keyed by the part (`body`).
 * Each issue's message is a catalogue key (the contract keys zod's issues), read back with
 * the issue's limits as its parameters.
 */
function fieldsOf(issues: ValidationIssue[], part: string | undefined): FieldMessages {
  const fields: Record<string, Message> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    // A whole part missing (no body at all) reads like a missing form field.
    const message =
      path === '' && issue.keyword === 'invalid_type'
        ? MESSAGES.required
        : issue.message
          ? issueMessage({ message: issue.message, ...issue.params })
          : MESSAGES.validationFailed;
    // The first message per field is the one a form shows.
    fields[path || part || 'body'] ??= message;
  }
  return fields;
}

export function sendError(reply: FastifyReply, request: FastifyRequest, status: number, body: ErrorBody) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ ...body, requestId: request.id });
}

/** What a request Node's parser refused is answered with: status and message. */
function clientErrorAnswer(code: string | undefined): [number, Message] {
  // The request line and headers are over Node's limit (16 KiB), e.g. thousands of query parameters.
  if (code === 'HPE_HEADER_OVERFLOW') return [431, MESSAGES.requestTooLong];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, HTTP_STATUS_MESSAGES[408]!];
  return [400, MESSAGES.malformedRequest];
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses never becomes a
 * Fastify request, so neither the error handler nor the header hook sees it. It still gets
 * the error body, a request id and the security headers, then the connection closes.
 */
export function writeClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(err.code);
  const requestId = randomUUID();
  const body = JSON.stringify({ ...errorBody(ERROR_CODES.BAD_REQUEST, message), requestId });
  const headers: Record<string, string | number> = {
    ...SECURITY_HEADERS,
    'x-request-id': requestId,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  this.log.info({ requestId, code: err.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Fastify's `frameworkErrors`: an address the router refuses before any route or hook (a
 * path segment over `maxParamLength`, a bad percent-encoding) is answered in the error
 * shape with the security headers, not with Fastify's own body that echoes the path.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS).header('x-request-id', request.id).header('cache-control', 'no-store');
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  // No hook sees an answer given before routing: it is counted here, as answered at once.
  request.server.meters?.answered(request.method, undefined, status, 0);
  return sendError(
    reply,
    request,
    status,
    errorBody(ERROR_CODES.BAD_REQUEST, tooLong ? MESSAGES.requestTooLong : MESSAGES.malformedAddress),
  );
}

/** Fastify's client errors by code, as messages; any other by its status. */
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, Message>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: m('request.bodyTooLarge'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: m('request.unsupportedMediaType'),
  FST_ERR_CTP_EMPTY_JSON_BODY: m('request.emptyJsonBody'),
};

function clientErrorMessage(code: string | undefined, status: number): Message {
  return (code && FASTIFY_CLIENT_ERRORS[code]) || (HTTP_STATUS_MESSAGES[status] ?? MESSAGES.malformedRequest);
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).statusCode === 'number';
}

async function errors(app: FastifyInstance, opts: ErrorsOptions) {
  const outage = new DatabaseOutage(app.log, opts.databaseAnswers);
  app.addHook('onClose', async () => outage.stop());

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, request, error.statusCode, errorBody(error.code, error.reason, error.fields));
    }
    if (isFastifyError(error) && error.validation) {
      return sendError(
        reply,
        request,
        400,
        errorBody(
          ERROR_CODES.VALIDATION,
          MESSAGES.validationFailed,
          fieldsOf(error.validation as ValidationIssue[], error.validationContext),
        ),
      );
    }
    if (isFastifyError(error) && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, request, 400, errorBody(ERROR_CODES.VALIDATION, MESSAGES.malformedBody));
    }
    const status = isFastifyError(error) ? error.statusCode! : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, bad media type) are about the request.
      // Logged by code: their stack is Fastify's own.
      const code = (error as FastifyError).code;
      request.log.info({ code, statusCode: status }, 'client error');
      return sendError(
        reply,
        request,
        status,
        errorBody(CODE_BY_STATUS[status] ?? ERROR_CODES.BAD_REQUEST, clientErrorMessage(code, status)),
      );
    }
    if (isFastifyError(error) && error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.error({ err: error }, 'request timed out');
      return sendError(reply, request, 503, errorBody(ERROR_CODES.UNAVAILABLE, HTTP_STATUS_MESSAGES[503]!));
    }
    // The request may well succeed later: 503 with a time to wait. The outage logs its start
    // and its end once, not every request that meets it.
    if (isDatabaseUnavailable(error)) {
      outage.noticed(unavailableCode(error));
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return sendError(reply, request, 503, errorBody(ERROR_CODES.UNAVAILABLE, HTTP_STATUS_MESSAGES[503]!));
    }
    // A statement past the statement timeout: the database is slow or a lock is held, not
    // gone, so no outage is declared, but the answer is the same 503 with a time to wait.
    if (isStatementCancelled(error)) {
      request.log.warn({ err: error }, 'statement timed out');
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return sendError(reply, request, 503, errorBody(ERROR_CODES.UNAVAILABLE, HTTP_STATUS_MESSAGES[503]!));
    }
    // A 5xx never shows its cause; the request id ties the answer to this log line.
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, 500, errorBody(ERROR_CODES.INTERNAL, HTTP_STATUS_MESSAGES[500]!));
  });
}

export default fp(errors, { name: 'errors' });
