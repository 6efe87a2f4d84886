import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  HTTP_STATUS_MESSAGES,
  MESSAGES,
} from '@gatehouse/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  429: ERROR_CODES.RATE_LIMITED,
  503: ERROR_CODES.UNAVAILABLE,
};

type ValidationIssue = { instancePath?: string; message?: string; keyword?: string };

/** `/items/0/name` → `items.0.name`; an issue on the whole part is keyed by the part (`body`). */
function fieldsOf(issues: ValidationIssue[], part: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    // A whole part missing (no body at all) reads like a missing form field.
    const message =
      path === '' && issue.keyword === 'invalid_type'
        ? MESSAGES.required
        : (issue.message ?? MESSAGES.validationFailed);
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

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).statusCode === 'number';
}

async function errors(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, request, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (isFastifyError(error) && error.validation) {
      return sendError(reply, request, 400, {
        code: ERROR_CODES.VALIDATION,
        message: MESSAGES.validationFailed,
        fields: fieldsOf(error.validation, error.validationContext),
      });
    }
    if (isFastifyError(error) && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, request, 400, {
        code: ERROR_CODES.VALIDATION,
        message: MESSAGES.malformedBody,
      });
    }
    const status = isFastifyError(error) ? error.statusCode! : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, bad media type, bad JSON) are about the
      // request, so their text is safe to show.
      request.log.info({ err: error }, 'client error');
      return sendError(reply, request, status, {
        code: CODE_BY_STATUS[status] ?? ERROR_CODES.BAD_REQUEST,
        message: (error as FastifyError).code?.startsWith('FST_')
          ? (error as FastifyError).message
          : (HTTP_STATUS_MESSAGES[status] ?? MESSAGES.unknownError),
      });
    }
    if (isFastifyError(error) && error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.error({ err: error }, 'request timed out');
      return sendError(reply, request, 503, {
        code: ERROR_CODES.UNAVAILABLE,
        message: HTTP_STATUS_MESSAGES[503]!,
      });
    }
    // A 5xx never shows its cause; the request id ties the answer to this log line.
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, 500, {
      code: ERROR_CODES.INTERNAL,
      message: HTTP_STATUS_MESSAGES[500]!,
    });
  });
}

export default fp(errors, { name: 'errors' });
