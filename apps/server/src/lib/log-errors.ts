import type { FastifyServerOptions } from 'fastify';
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

/** The server's logger options with `serializeError` for every `err`; false stays silent. */
export function withSafeErrors(
  logger: FastifyServerOptions['logger'],
  level: string,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = logger === undefined || logger === true ? { level } : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeError } };
}
