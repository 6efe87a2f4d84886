import { type core, z } from 'zod';
import { isMessageKey, type Message, type MessageKey, type MessageParams, m } from './i18n/index.ts';

/**
 * The key of a zod issue that names none of its own: what a rule without an `error` of the
 * contract's says, by the kind of the failure.
 */
function defaultKey(issue: core.$ZodRawIssue): MessageKey {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'required';
      if (issue.expected === 'number' || issue.expected === 'int') return 'field.notANumber';
      return 'field.invalid';
    case 'too_big':
      if (issue.origin === 'string') return 'field.tooLong';
      if (issue.origin === 'array' || issue.origin === 'set') return 'field.tooMany';
      return 'field.tooBig';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : 'field.tooShort';
      if (issue.origin === 'array' || issue.origin === 'set') return 'field.tooFew';
      return 'field.tooSmall';
    case 'invalid_format':
      if (issue.format === 'email') return 'field.email';
      if (issue.format === 'url') return 'field.url';
      return 'field.invalid';
    case 'invalid_value':
      return 'field.choose';
    case 'unrecognized_keys':
      return 'field.unknown';
    case 'not_multiple_of':
      return 'field.notAWholeNumber';
    default:
      return 'field.invalid';
  }
}

/**
 * Makes every zod issue's message a key of the catalogues: a rule's own `error` is already
 * one (`{ error: MESSAGES.required.key }`), and every other issue gets the key of its kind.
 * The contract calls it when it loads, so server and console see the same keys.
 */
export function keyZodMessages(): void {
  z.config({ customError: (issue) => defaultKey(issue) });
}
keyZodMessages();

/**
 * A type's error for a missing value only: zod applies a schema's own `error` to every check
 * of it, so `z.string({ error: key })` would say "required" for a value too long as well.
 */
export function whenMissing(key: MessageKey) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? key : undefined;
}

/** The limits a zod issue names, as the parameters of its message. */
function paramsOf(issue: { minimum?: unknown; maximum?: unknown }): MessageParams | undefined {
  const params: Record<string, number> = {};
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint')
    params.minimum = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint')
    params.maximum = Number(issue.maximum);
  return Object.keys(params).length > 0 ? params : undefined;
}

/** A zod issue as a message: its key, with the issue's limits as parameters. */
export function issueMessage(issue: { message: string; minimum?: unknown; maximum?: unknown }): Message {
  return m(isMessageKey(issue.message) ? issue.message : 'field.invalid', paramsOf(issue));
}
